/**
 * A visit's award nominations as one picture, read by every screen that shows or counts them
 * (the check-in's Prêmios, the report's overview, its Prêmios section and its "Enviar
 * relatório"): what the server has, what waits on the device, and what the server refused.
 */
import type { AwardGiven } from '@/api/entities'
import type { OutboxItem } from '@/lib/visit-store/db'

export type AwardItem = Extract<OutboxItem, { kind: 'award' }>

export type VisitNominations = {
  /**
   * How many nominations the visit has: the report's (`Report.awards`, the server's own list,
   * as the submitted report counts them) and those waiting on the device. Refused ones are not
   * nominations: they are said apart.
   */
  count: number
  /** Queued on the device, not yet answered by the server. */
  waiting: AwardItem[]
  /** Refused by the server: parked on the device until the agent retries or discards them. */
  refused: AwardItem[]
  /** Award codes that have a nomination (on the server, waiting or refused): not offered again. */
  taken: ReadonlySet<string>
  /**
   * The device's queue is not read yet: `count`, `waiting`, `refused` and `taken` hold only what
   * the server said, and a screen says "Verificando…" instead of any of them.
   */
  checking: boolean
}

export function visitNominations(input: {
  taskId: string
  /** The report's `awards` (ids), as the server last sent it. */
  reportAwardIds: readonly string[]
  /** The agent's nominations (`GET /awards/mine`), when loaded. */
  given: readonly AwardGiven[]
  /** The device's queued writes of this task; undefined while they are being read. */
  items: readonly OutboxItem[] | undefined
}): VisitNominations {
  const queued = (input.items ?? []).filter(
    (i): i is AwardItem => i.kind === 'award' && i.taskId === input.taskId,
  )
  const waiting = queued.filter((i) => i.state === 'pending')
  const refused = queued.filter((i) => i.state === 'failed')
  const onServer = input.given.filter((g) => g.taskId === input.taskId && g.status !== 'rejected')
  return {
    count: input.reportAwardIds.length + waiting.length,
    waiting,
    refused,
    taken: new Set([...onServer.map((g) => g.code), ...queued.map((i) => i.input.code)]),
    checking: input.items === undefined,
  }
}
