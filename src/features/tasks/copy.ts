/** pt-BR texts of the task screens (outside the visit itself). */
import type { TaskStatusCode } from '@/api/entities'
import type { NextStep } from '@/domain/task-state-machine'
import type { DeviceProblem } from '@/lib/device-media/device-permissions'
import { count } from '@/domain/plural'

export const taskCopy = {
  listTitle: 'Tarefas',
  listLoading: 'Carregando suas tarefas',
  showing: (shown: number, total: number) => `Mostrando ${shown} de ${total} tarefas.`,
  loadMore: 'Carregar mais tarefas',
  groupLoading: (group: string) => `Carregando: ${group}`,
  groupLoadError: (group: string) => `Não foi possível carregar: ${group}`,
  listLoadError: 'Não foi possível carregar suas tarefas',
  listEmptyTitle: 'Você ainda não tem tarefas',
  listEmptyBody: 'Aceite uma oportunidade para agendar sua primeira visita.',
  seeOpportunities: 'Ver oportunidades',
  groupHeading: {
    contested: 'Com pendências',
    started: 'Agendadas',
    visited: 'Visitadas — relatório a enviar',
    validating: 'Em validação',
    approved: 'Aprovadas',
    rejected: 'Reprovadas',
  } satisfies Partial<Record<TaskStatusCode, string>>,
  canceledLink: 'Tarefas canceladas',
  policyLink: 'Política de conduta',
  deviceCheckLink: 'Verificar o aparelho',
  validationsLink: 'Pendências de validação',
  moreLinks: 'Mais',
  nextStep: {
    checkin: 'Fazer check-in',
    'continue-visit': 'Continuar visita',
    'fill-report': 'Preencher relatório',
    'resolve-pendencies': 'Responder pendências',
    'await-validation': 'Aguardando validação',
    done: 'Concluída',
  } satisfies Record<NextStep, string>,
  scheduledFor: (when: string) => `Visita ${when}`,

  canceledTitle: 'Tarefas canceladas',
  canceledEmptyTitle: 'Nenhuma tarefa cancelada',
  canceledEmptyBody: 'As tarefas que você cancelar aparecem aqui, com o motivo.',
  canceledAt: (when: string) => `Cancelada em ${when}`,
  reason: (reason: string) => `Motivo: ${reason}`,
  noReason: 'Sem motivo informado.',

  validationsTitle: 'Pendências de validação',
  validationsLoading: 'Carregando as pendências',
  validationsEmptyTitle: 'Nenhuma pendência aberta',
  validationsEmptyBody: 'Quando um validador pedir ajustes em um relatório, a tarefa aparece aqui.',
  validationsEmptyChannel: (code: string) => `Nenhuma pendência aberta no projeto ${code}.`,
  validationsFilter: 'Filtrar por projeto',
  allProjects: 'Todos',
  contestedSince: (when: string) => `Pendências desde ${when}`,
  answerPendencies: 'Responder pendências',

  policyTitle: 'Política de conduta',
  policyLoading: 'Carregando a política de conduta',
  policyLoadError: 'Não foi possível carregar a política de conduta',
  policyEmptyTitle: 'Nenhuma política para mostrar',
  policyEmptyBody:
    'A política de conduta de cada projeto aparece aqui quando você tem tarefas nele.',
  policyAppliesTo: (names: string) => `Vale para: ${names}`,

  loading: 'Carregando a tarefa',
  loadError: 'Não foi possível carregar a tarefa',
  notFoundTitle: 'Tarefa não encontrada',
  notFoundBody: 'Esta tarefa não existe ou não é sua. Confira a lista das suas tarefas.',
  backToTasks: 'Ver minhas tarefas',
  backToTask: 'Voltar para a tarefa',

  hubTitle: 'Tarefa',
  place: 'Local',
  openMap: 'Abrir no mapa',
  openMapLabel: (place: string) => `Abrir ${place} no mapa (abre em outra aba)`,
  date: 'Data agendada',
  deadline: 'Prazo',
  pay: 'Pagamento',
  status: 'Situação',
  awaitingValidation: 'Aguardando a validação do relatório',
  seeStatus: 'Ver status',
  seeReport: 'Ver relatório',
  details: 'Detalhes',
  reschedule: 'Reagendar',
  cancelTask: 'Cancelar tarefa',
  otherActions: 'Outras ações',

  cancelSheetTitle: 'Cancelar tarefa',
  cancelLead:
    'Conte por que você não vai fazer esta visita. A justificativa fica registrada na tarefa.',
  justificationLabel: 'Justificativa',
  charCount: (count: number, max: number) => `${count}/${max}`,
  charCountLabel: (count: number, max: number) => `${count} de ${max} caracteres`,
  cancelSubmit: 'Cancelar a tarefa',
  cancelKeep: 'Voltar',
  cancelError: 'Não foi possível cancelar',
  canceled: 'Tarefa cancelada',

  detailsTitle: 'Detalhes da tarefa',
  mission: 'Missão',
  project: 'Projeto',
  briefing: 'Roteiro',
  scenario: 'Cenário',
  requirements: 'O que você precisa fazer',
  checklist: 'Checklist da visita',
  times: 'Tempos a registrar',
  awards: 'Prêmios disponíveis',
  noAwards: 'Esta missão não tem prêmios.',
  awardLine: (prize: string, goal: number) => `Prêmio de ${prize} · nota mínima ${goal}`,
  duration: 'Duração da visita',
  address: 'Endereço',
  missionLoadError: 'Não foi possível carregar a missão',

  rescheduleTitle: 'Reagendar visita',
  rescheduleCurrent: (when: string) => `Agendada para ${when} (horário de Brasília).`,
  rescheduleLabel: 'Nova data e horário',
  rescheduleHint: (min: string, max: string) =>
    `Escolha entre ${min} e ${max} (horário de Brasília).`,
  rescheduleMissing: 'Escolha a nova data e o horário da visita.',
  rescheduleSubmit: 'Salvar nova data',
  rescheduleError: 'Não foi possível reagendar',
  rescheduleNotAllowed: 'Esta tarefa não pode mais ser reagendada',
  rescheduled: 'Visita reagendada',

  statusTitle: 'Status da tarefa',
  timeline: 'Linha do tempo',
  steps: {
    accepted: 'Aceita',
    checkin: 'Check-in',
    checkout: 'Check-out',
    submitted: 'Relatório enviado',
    validated: 'Validada',
  },
  pendencyRound: (round: number) =>
    // eslint-disable-next-line one-way/plural -- an ordinal (the first round is not numbered), not a plural
    round === 1 ? 'Pendências do validador' : `Pendências do validador (${round}ª rodada)`,
  pendencyCount: (n: number) => count(n, 'pendência', 'pendências'),
  pendencyAnswered: 'Pendências respondidas',
  stepPending: 'Ainda não',
  stepDone: 'Concluído',
  checkoutOffline: 'Feito sem conexão e enviado quando a internet voltou.',
  currentStatus: 'Situação atual',
  since: (when: string) => `desde ${when}`,
  seeAnswers: 'Ver relatório enviado',
  rejectedReason: 'Motivo da reprovação',
  canceledReason: 'Motivo do cancelamento',
} as const

/** The device check before a visit (/tasks/permissions). */
export const deviceCheckCopy = {
  title: 'Verificar o aparelho',
  lead: 'Antes da visita, confira se o navegador pode usar a localização, a câmera e o microfone. Sem eles não é possível fazer o check-in, tirar as fotos ou gravar o áudio.',
  allGranted: 'Tudo pronto: o aparelho tem as permissões necessárias para a visita.',
  checking: 'Verificando…',
  capability: {
    location: {
      name: 'Localização',
      settingName: 'Local',
      why: 'Para fazer o check-in: confirmamos que você está no local da visita.',
      unsupported:
        'Este navegador não oferece acesso à localização. Use o Google Chrome atualizado.',
    },
    camera: {
      name: 'Câmera',
      settingName: 'Câmera',
      why: 'Para fotografar a fachada, os produtos e o cupom fiscal.',
      unsupported:
        'Este navegador não oferece acesso à câmera. Use o Google Chrome atualizado (o endereço precisa começar com https).',
    },
    microphone: {
      name: 'Microfone',
      settingName: 'Microfone',
      why: 'Para gravar o áudio do atendimento, quando a missão pede.',
      unsupported:
        'Este navegador não oferece acesso ao microfone. Use o Google Chrome atualizado (o endereço precisa começar com https).',
    },
  },
  state: {
    granted: 'Permitido',
    denied: 'Bloqueado',
    prompt: 'Ainda não permitido',
    unknown: 'Não verificado',
    unsupported: 'Indisponível',
  },
  allow: 'Permitir',
  allowLabel: (name: string) => `Permitir ${name.toLowerCase()}`,
  recheck: 'Verificar de novo',
  recheckLabel: (name: string) => `Verificar ${name.toLowerCase()} de novo`,
  problem: {
    denied: 'O acesso foi negado.',
    'not-found': 'Nenhum dispositivo encontrado neste aparelho.',
    'in-use': 'Está em uso por outro aplicativo. Feche o outro aplicativo e tente de novo.',
    unavailable:
      'Não foi possível obter a localização. Ative a localização do aparelho e tente de novo.',
    timeout: 'A localização demorou demais. Vá para um lugar aberto e tente de novo.',
    unsupported: 'Este navegador não permite usar este recurso aqui.',
    failed: 'Não foi possível verificar agora. Tente de novo.',
  } satisfies Record<DeviceProblem, string>,
  howToTitle: 'Como permitir no Chrome do Android',
  howToSteps: (settingName: string) => [
    'Toque no ícone à esquerda do endereço do site (cadeado ou ⓘ).',
    'Toque em “Permissões” (ou “Configurações do site”).',
    `Em “${settingName}”, escolha “Permitir”.`,
    'Volte para esta tela e toque em “Verificar de novo”.',
  ],
  howToAppLevel: (settingName: string) =>
    `Se continuar bloqueado, abra as Configurações do Android › Apps › Chrome › Permissões e permita “${settingName}”.`,
} as const
