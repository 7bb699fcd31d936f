/**
 * The worker's half of sending the outbox with the app closed: on a Background Sync event
 * the service worker calls `sendOutboxInBackground`, which sends the agent's outbox with the
 * same code the app uses (outbox.ts, sync.ts: no React), under the same Web Locks lock — one
 * sender at a time across tabs and the worker — and with the same Idempotency-Keys, so a
 * write still reaches the server exactly once.
 *
 * The worker has no localStorage: the session comes from its IndexedDB mirror, read again
 * at every event (docs/decisions/0011-service-worker-and-the-session.md).
 */
import { loadSessionFromMirror, sessionStillValid } from '@/lib/session'
import { sendPendingSignOuts } from '@/lib/pending-sign-out'
import { askServerBeforeLargeBody } from './api'
import { openVisitDb } from './db'
import { processOutbox, wakeAll, withSenderLock } from './outbox'
import { createExecutor } from './sync'
import { announceSentElsewhere } from './store'
import type { OutboxItem } from './db'

export { OUTBOX_SYNC_TAG } from './background-sync-request'

export type BackgroundSend = { sent: number; signedOut?: boolean }

/** Thrown when writes are left for a later try: the browser retries the sync event then. */
export class OutboxNotEmpty extends Error {
  override readonly name = 'OutboxNotEmpty'
}

/** A head item due within this long (a report save settling after typing) is waited for. */
export const SHORT_WAIT_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function sendOutboxInBackground(
  options: { now?: () => number } = {},
): Promise<BackgroundSend> {
  const now = options.now ?? Date.now
  // A sign-out made with no signal goes first (lib/pending-sign-out): the browser woke the
  // worker because the connection is back. One still waiting keeps the sync event unfinished.
  const signOutsLeft = await sendPendingSignOuts().catch(() => 1)
  const result = await sendOutbox(now)
  if (signOutsLeft > 0) throw new OutboxNotEmpty('Uma saída ainda não chegou ao servidor.')
  return result
}

async function sendOutbox(now: () => number): Promise<BackgroundSend> {
  const session = await loadSessionFromMirror()
  if (!session) return { sent: 0, signedOut: true }
  const { token } = session
  const db = await openVisitDb(session.agentId)
  // The browser says there is a connection now: a backoff from failures offline is moot (as
  // when a tab hears `online`); a save still settling after typing keeps its short wait.
  await wakeAll(db, now(), 'retries')
  const execute = createExecutor(db)
  const sent: OutboxItem['kind'][] = []
  try {
    for (;;) {
      const result = await withSenderLock(db.name, () =>
        processOutbox(
          db,
          async (item) => {
            await execute(item)
            sent.push(item.kind)
          },
          {
            now,
            askServer: askServerBeforeLargeBody,
            // Read again from the mirror before each write: a tab's sign-out, another agent's
            // sign-in or a 401 met anywhere stops this send at once.
            canSend: () => sessionStillValid(token),
          },
        ),
      )
      // The session is over: nothing is left for the browser to retry with it (its retries
      // would send the same writes to a server that refuses them).
      if (result.sessionEnded) return { sent: sent.length, signedOut: true }
      if (result.stoppedBy)
        throw new OutboxNotEmpty(
          `${result.stoppedBy.kind}: ${result.stoppedBy.lastError?.code ?? 'falha'}; o navegador tenta de novo mais tarde.`,
        )
      if (result.waitingUntil === null) return { sent: sent.length }
      const wait = result.waitingUntil - now()
      if (wait > SHORT_WAIT_MS)
        throw new OutboxNotEmpty('Há envios para mais tarde; o navegador tenta de novo.')
      await sleep(Math.max(0, wait))
    }
  } finally {
    if (sent.length > 0) announceSentElsewhere(sent)
  }
}
