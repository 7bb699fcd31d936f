/** pt-BR texts of the checklist part (the check-in's page and the report's section). */
export const checklistCopy = {
  checklistLegend: 'Itens da missão',
  checklistEmpty: 'Esta missão não tem checklist.',
  checklistProgress: (done: number, total: number) => `${done} de ${total} itens feitos`,
  savedOnDevice: 'Salvo neste aparelho',
  saveFailed: 'Não foi possível salvar neste aparelho. Tente de novo.',
  // The submitted report (read only).
  checklistDone: 'Feito',
  checklistNotDone: 'Não feito',
} as const
