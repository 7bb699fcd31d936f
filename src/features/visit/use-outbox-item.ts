/**
 * The one way a screen follows the queued write it waits on (the report's submission, the
 * pendencies' answers, the check-out, the check-in): where that write is now, as the phone's
 * outbox says it.
 *
 * - `reading`: the outbox is not read yet;
 * - `none`: no such write on the phone, and none followed here (never queued, or it went
 *   before the screen opened);
 * - `pending`: waiting to go, or on its way (`item`);
 * - `failed`: the server refused it: `item.lastError` is its answer, `refusal` whether that
 *   answer is final and its fix (`refusalOf`, visit-store/refusal.ts);
 * - `sent`: followed here — seen waiting, or queued by this screen (`follow`) — and then gone
 *   from the outbox: the server has it.
 *
 * What the server says after a write is sent is not the screen's to ask: the sync loop
 * refreshes the queries it changed (`queriesChangedBy`, visit-store/sync.ts), in every tab,
 * and the screen reads them as before (a task's new status, the report's new version).
 */
import { useState } from 'react'
import type { OutboxItem, OutboxSummary } from '@/lib/visit-store/db'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import { refusalOf, type Refusal } from '@/lib/visit-store/refusal'

export type OutboxItemState =
  | { status: 'reading' }
  | { status: 'none' }
  | { status: 'pending'; item: OutboxItem }
  | { status: 'failed'; item: OutboxItem; refusal: Refusal }
  | { status: 'sent' }

export type FollowedWrite = OutboxItemState & {
  /** The task's outbox as read for it (undefined while `reading`), for what else it shows. */
  outbox: OutboxSummary | undefined
  /**
   * The screen just queued the write (its store call resolved): followed from now on, so
   * that it counts as sent even when it leaves the outbox before a read shows it waiting.
   */
  follow: () => void
}

/**
 * The write of task `taskId` that `match` picks (the first, in the outbox's order), followed
 * from the moment it is seen waiting, or from `follow()`.
 */
export function useOutboxItem(
  taskId: string | undefined,
  match: (item: OutboxItem) => boolean,
): FollowedWrite {
  const outbox = useOutboxSummary(taskId)
  const item = outbox?.items.find(match)
  // Followed since this read of the outbox (or null): a newer read without the write means
  // it went. Each read of the outbox is a new object, never one read before the write.
  const [since, setSince] = useState<{ read: OutboxSummary | undefined } | null>(null)
  if (item?.state === 'pending' && since === null) setSince({ read: outbox })
  // Refused in a read after it was followed: not on its way (discarding it is not sending it).
  if (item?.state === 'failed' && since !== null && since.read !== outbox) setSince(null)
  const follow = () => setSince({ read: outbox })

  if (!outbox) return { status: 'reading', outbox, follow }
  if (item?.state === 'pending') return { status: 'pending', item, outbox, follow }
  if (item)
    return { status: 'failed', item, refusal: refusalOf(item, outbox.items), outbox, follow }
  return { status: since !== null && since.read !== outbox ? 'sent' : 'none', outbox, follow }
}
