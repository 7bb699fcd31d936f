/** pt-BR texts of the attendants part (the check-in's page and the report's section). */
import { count } from '@/domain/plural'

export const attendantsCopy = {
  attendantName: 'Nome do atendente',
  attendantNameHint: 'Nome e sobrenome, como no crachá. Ex.: Márcia Andrade',
  traits: 'Características',
  addAttendant: 'Adicionar atendente',
  saveAttendant: 'Salvar alterações',
  cancelEdit: 'Cancelar edição',
  editingTitle: (name: string) => `Editando ${name}`,
  newAttendantTitle: 'Novo atendente',
  attendantAdded: (name: string) => `${name} adicionado(a) à visita`,
  attendantUpdated: (name: string) => `${name} atualizado(a)`,
  attendantRemoved: (name: string) => `${name} removido(a) da visita`,
  attendantsListLabel: 'Atendentes registrados',
  attendantsEmpty: 'Nenhum atendente registrado ainda',
  attendantsNeeded: (n: number) => `A missão pede ${count(n, 'atendente', 'atendentes')}.`,
  noTraits: 'Sem características marcadas',
  edit: 'Editar',
  remove: 'Remover',
  removeTitle: 'Remover atendente?',
  removeBody: (name: string) => `${name} sai da lista de atendentes desta visita.`,
  confirmRemove: 'Remover',
  keep: 'Manter',
  saveFailed: 'Não foi possível salvar neste aparelho. Tente de novo.',
  // The submitted report (read only).
  viewEmpty: 'Nenhum atendente registrado',
  viewEmptyBody: 'Registre pelo nome (como no crachá) cada atendente que falou com você.',
} as const
