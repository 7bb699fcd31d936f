/**
 * The task state machine of docs/product/states.md: one pure module used by the app (to offer only the
 * allowed steps) and by the fake backend (to refuse everything else with 409).
 */
import type { ProblemCode, TaskStatusCode } from '@/api/entities'

/** What the machine needs to know about a task. */
export type TaskMachineState = {
  status: TaskStatusCode
  checkedIn: boolean
  /** ISO date-time after which a started task can no longer be rescheduled. */
  deadline: string
}

export type TaskEvent =
  | { type: 'checkin' }
  | { type: 'checkout' }
  | { type: 'reschedule'; scheduledFor: string }
  | { type: 'cancel' }
  | { type: 'submit'; reportComplete: boolean }
  | { type: 'approve' }
  | { type: 'contest'; pendencyCount: number }
  | { type: 'reject' }
  | { type: 'answerPendencies'; allResolved: boolean }

export type TaskEventType = TaskEvent['type']

export type Actor = 'agent' | 'validator'

export type Refusal = { code: ProblemCode; message: string }

export type TransitionResult =
  { ok: true; state: TaskMachineState } | { ok: false; refusal: Refusal }

/** Who may send each event (docs/product/states.md "who"). */
export const EVENT_ACTOR: Record<TaskEventType, Actor> = {
  checkin: 'agent',
  checkout: 'agent',
  reschedule: 'agent',
  cancel: 'agent',
  submit: 'agent',
  approve: 'validator',
  contest: 'validator',
  reject: 'validator',
  answerPendencies: 'agent',
}

/** The table of docs/product/states.md: from which status each event may leave, and where it goes. */
export const TRANSITIONS: Record<TaskEventType, { from: TaskStatusCode; to: TaskStatusCode }> = {
  checkin: { from: 'started', to: 'started' },
  checkout: { from: 'started', to: 'visited' },
  reschedule: { from: 'started', to: 'started' },
  cancel: { from: 'started', to: 'canceled' },
  submit: { from: 'visited', to: 'validating' },
  approve: { from: 'validating', to: 'approved' },
  contest: { from: 'validating', to: 'contested' },
  reject: { from: 'validating', to: 'rejected' },
  answerPendencies: { from: 'contested', to: 'validating' },
}

export const TERMINAL_STATUSES: readonly TaskStatusCode[] = ['approved', 'canceled', 'rejected']

export const STATUS_LABEL: Record<TaskStatusCode, string> = {
  started: 'Agendada',
  visited: 'Visitada',
  validating: 'Em validação',
  approved: 'Aprovada',
  contested: 'Com pendências',
  canceled: 'Cancelada',
  rejected: 'Reprovada',
}

const WRONG_STATUS_MESSAGE: Record<TaskEventType, string> = {
  checkin: 'O check-in só é possível em tarefas agendadas.',
  checkout: 'O check-out só é possível durante a visita.',
  reschedule: 'Só é possível reagendar tarefas que ainda não foram visitadas.',
  cancel: 'Só é possível cancelar tarefas que ainda não foram visitadas.',
  submit: 'O relatório só pode ser enviado depois do check-out.',
  approve: 'Só relatórios em validação podem ser aprovados.',
  contest: 'Só relatórios em validação podem receber pendências.',
  reject: 'Só relatórios em validação podem ser reprovados.',
  answerPendencies: 'Esta tarefa não tem pendências abertas.',
}

function refuse(code: ProblemCode, message: string): TransitionResult {
  return { ok: false, refusal: { code, message } }
}

/** Applies an event; `now` is an ISO date-time or epoch ms (the clock is injected). */
export function transition(
  state: TaskMachineState,
  event: TaskEvent,
  now: number | string,
): TransitionResult {
  const rule = TRANSITIONS[event.type]
  if (state.status !== rule.from) {
    return refuse('transition_refused', WRONG_STATUS_MESSAGE[event.type])
  }
  const nowMs = typeof now === 'number' ? now : Date.parse(now)
  switch (event.type) {
    case 'checkin':
      if (state.checkedIn)
        return refuse('already_checked_in', 'O check-in desta visita já foi feito.')
      return { ok: true, state: { ...state, checkedIn: true } }
    case 'checkout':
      if (!state.checkedIn)
        return refuse('transition_refused', 'Faça o check-in antes de fazer o check-out.')
      break
    case 'reschedule': {
      const deadline = Date.parse(state.deadline)
      if (nowMs > deadline)
        return refuse(
          'deadline_passed',
          'O prazo desta tarefa já passou; não é possível reagendar.',
        )
      if (state.checkedIn)
        return refuse('transition_refused', 'A visita já começou; não é possível reagendar.')
      const date = Date.parse(event.scheduledFor)
      if (Number.isNaN(date) || date < nowMs || date > deadline)
        return refuse('date_outside_window', 'Escolha uma data entre hoje e o prazo da tarefa.')
      break
    }
    case 'submit':
      if (!event.reportComplete) return refuse('report_incomplete', 'O relatório está incompleto.')
      break
    case 'contest':
      if (event.pendencyCount < 1)
        return refuse('validation_failed', 'Informe pelo menos uma pendência.')
      break
    case 'answerPendencies':
      if (!event.allResolved)
        return refuse('validation_failed', 'Responda todas as pendências antes de enviar.')
      break
    case 'cancel':
    case 'approve':
    case 'reject':
      break
  }
  return { ok: true, state: { ...state, status: rule.to } }
}

/**
 * Event types whose status guard passes at `now` (payload guards are checked on send); every
 * actor's when `actor` is undefined.
 */
export function allowedEvents(
  state: TaskMachineState,
  actor: Actor | undefined,
  now: number | string,
): TaskEventType[] {
  const nowMs = typeof now === 'number' ? now : Date.parse(now)
  return (Object.keys(TRANSITIONS) as TaskEventType[]).filter((type) => {
    if (actor && EVENT_ACTOR[type] !== actor) return false
    if (TRANSITIONS[type].from !== state.status) return false
    if (type === 'checkin') return !state.checkedIn
    if (type === 'checkout') return state.checkedIn
    if (type === 'reschedule') return !state.checkedIn && nowMs <= Date.parse(state.deadline)
    return true
  })
}

/** The one thing the agent should do next on a task, for the hub's main button. */
export type NextStep =
  'checkin' | 'continue-visit' | 'fill-report' | 'resolve-pendencies' | 'await-validation' | 'done'

export function nextStep(state: TaskMachineState): NextStep {
  switch (state.status) {
    case 'started':
      return state.checkedIn ? 'continue-visit' : 'checkin'
    case 'visited':
      return 'fill-report'
    case 'contested':
      return 'resolve-pendencies'
    case 'validating':
      return 'await-validation'
    case 'approved':
    case 'canceled':
    case 'rejected':
      return 'done'
  }
}

export function machineStateOf(task: {
  status: { code: TaskStatusCode }
  steps: { checkin?: unknown }
  deadline: string
}): TaskMachineState {
  return {
    status: task.status.code,
    checkedIn: task.steps.checkin !== undefined,
    deadline: task.deadline,
  }
}
