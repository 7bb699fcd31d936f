/** What other features may ask about the visit's device store. */
import { outboxSummary } from '../offline/outbox'
import { agentVisitDb } from '../offline/visit-store'

/** Writes of visits still waiting on this device (pending or refused), for the signed-in agent. */
export async function unsentVisitWrites(): Promise<number> {
  try {
    const summary = await outboxSummary(await agentVisitDb())
    return summary.pending + summary.failed
  } catch {
    return 0
  }
}
