/**
 * The one way a session starts on this phone (the code or the invitation): on disk first (an
 * app killed right after opens signed in), then the agent's own line of kept work goes (it is
 * sent from now on, with this session), and work an older version kept without an owner is
 * adopted. Nothing of another agent is touched (decision 0023).
 */
import type { components } from '@/api/schema.gen'
import { adoptUnownedWork } from '@/lib/agent-data'
import { forgetKeptWork } from '@/lib/kept-work'
import { saveSession } from '@/lib/session'

type Session = components['schemas']['Session']

export async function startSession(session: Session) {
  const agentId = session.agent.id
  const firstName = session.agent.name.trim().split(/\s+/)[0]
  await saveSession({
    token: session.token,
    agentId,
    expiresAt: session.expiresAt,
    ...(firstName ? { firstName } : {}),
  })
  await forgetKeptWork(agentId)
  await adoptUnownedWork(agentId).catch(() => undefined)
}
