/**
 * What the check-in shell shows for a visit, as one pure decision: which page the agent may
 * be on, given the task's status, what this device recorded and the clock. The shell only
 * renders the answer (docs/product/visit.md "The check-in shell").
 */
import type { TaskStatusCode } from '@/api/entities'
import { isVisitTimedOut } from '@/domain/visit-timer'
import type { LocalVisit } from '@/lib/visit-store/db'

/** The shell's child pages that are not part of the visit's navigation. */
export const AFTER_VISIT_PAGE = 'offline-checkout'
export const TIMEOUT_PAGE = 'timeout'

export type ShellInput = {
  /** The child page under the shell: '' (control), 'notes', 'timeout'… */
  child: string
  status: TaskStatusCode
  /**
   * A page is opening (the check-out's: the chat, or the offline check-out's page): the shell
   * redirects nothing meanwhile, the visit it reads may already be checked out.
   */
  navigating: boolean
  /** The visit as this device has it; undefined while the device store is read. */
  visit: Pick<LocalVisit, 'checkin' | 'checkout'> | undefined
  /**
   * The mission (for its time limit); undefined while it loads. A limit that is not a number
   * (a drifted response) never times the visit out: the agent can still work and check out.
   */
  mission: { visitMaxMinutes: number } | undefined
  now: number
}

/** Where a redirect goes: the task's page, or a child page of the shell ('' is the control). */
export type ShellTarget = 'hub' | typeof AFTER_VISIT_PAGE | typeof TIMEOUT_PAGE | ''

export type ShellDecision =
  | { show: 'redirect'; to: ShellTarget }
  | { show: 'loading-visit' }
  | { show: 'checkin-step' }
  | { show: 'loading-mission' }
  | { show: 'visit'; timedOut: boolean; nav: boolean }

export function decideShell(input: ShellInput): ShellDecision {
  const { child, status, navigating, visit, mission, now } = input
  const afterVisit = child === AFTER_VISIT_PAGE

  // 1. Only a started task has a visit; the check-out page outlives it (sent later, offline).
  if (status !== 'started' && !afterVisit && !navigating) return { show: 'redirect', to: 'hub' }
  if (!visit) return { show: 'loading-visit' }
  // 2. Not checked in on this device (nor on the server): the check-in comes first.
  if (!visit.checkin && status === 'started') return { show: 'checkin-step' }
  // 3. A check-out already recorded on this device: only its page remains.
  if (visit.checkout && !afterVisit && !navigating)
    return { show: 'redirect', to: AFTER_VISIT_PAGE }
  if (!mission) return { show: 'loading-mission' }

  // 4. Past the time limit the visit can only be closed; 5. before it, the timeout page is moot.
  const limit = mission.visitMaxMinutes
  const timedOut =
    visit.checkin && !visit.checkout && typeof limit === 'number' && Number.isFinite(limit)
      ? isVisitTimedOut(visit.checkin.at, limit, now)
      : false
  if (timedOut && child !== TIMEOUT_PAGE && !afterVisit && !navigating)
    return { show: 'redirect', to: TIMEOUT_PAGE }
  if (!timedOut && child === TIMEOUT_PAGE && !visit.checkout && !navigating)
    return { show: 'redirect', to: '' }

  return {
    show: 'visit',
    timedOut,
    nav: !visit.checkout && child !== TIMEOUT_PAGE && !afterVisit,
  }
}
