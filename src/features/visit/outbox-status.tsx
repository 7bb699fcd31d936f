/**
 * What of a visit is still on its way to the server: a count of waiting writes, and each
 * write the server refused (parked `failed` in the outbox) with its pt-BR reason and what to
 * do: its fix when a retry would get the same answer, else retry or discard (refusal.ts). A
 * refused check-in or check-out cannot be discarded: without it the visit does not exist on
 * the server. The check-in, report and validation screens all use these.
 */
import { useState, type ReactNode } from 'react'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import type { OutboxItem } from '@/lib/visit-store/db'
import type { OutboxSummary } from '@/lib/visit-store/db'
import {
  checkInAgain,
  discardOutboxItem,
  removeRefusedUpload,
  retryOutboxItem,
} from '@/lib/visit-store/store'
import { ESSENTIAL_KINDS, refusalOf, type RefusalFix } from '@/lib/visit-store/refusal'
import { useChosenPhotos, useOutboxSummary, useSyncProblem } from '@/lib/visit-store/hooks'
import { serverWait } from '@/lib/visit-store/server-wait'
import { useLostVisits } from '@/lib/visit-store/use-unsent-record'
import { isPreparingHere } from '@/lib/visit-store/chosen-photos'
import { formatTime } from '@/lib/format'
import { useOnline } from '@/lib/use-online'
import { LostVisitNotice } from './lost-visit'
import { outboxCopy as copy } from './outbox-copy'
import styles from './visit.module.css'

/** The waiting count and the refused writes of one task's visit. */
export function OutboxStatus({
  taskId,
  hideKinds = [],
}: {
  taskId: string
  hideKinds?: OutboxItem['kind'][]
}) {
  const summary = useOutboxSummary(taskId)
  // "Tudo enviado" only when it is true (see the check-in shell's header).
  const lost = useLostVisits(taskId).lost.length > 0
  const chosen = useChosenLine(taskId)
  if (!summary) return null
  return (
    <section className={styles.outbox} aria-label={copy.title}>
      <SyncProblemNotice outbox={summary} />
      <ServerWaitNotice outbox={summary} />
      <LostVisitNotice taskId={taskId} />
      <p className={styles.outboxLine} role="status">
        {lost
          ? copy.lostHeader
          : summary.pending > 0
            ? copy.waiting(summary.items)
            : summary.failed > 0
              ? copy.failed(summary.failed)
              : (chosen ?? copy.allSent)}
      </p>
      <FailedWrites outbox={summary} hideKinds={hideKinds} />
    </section>
  )
}

/**
 * What the photos chosen and not prepared yet ask of the agent's patience, for a line that
 * would otherwise say "Tudo enviado": "1 foto sendo preparada" (its original is kept, or this
 * tab prepares it), "1 foto para tirar de novo" (cut short before its original was kept);
 * null when there are none.
 */
export function useChosenLine(taskId: string | undefined): string | null {
  const chosen = useChosenPhotos(taskId) ?? []
  const preparing = chosen.filter((c) => c.bytesKept || isPreparingHere(c.id)).length
  const retake = chosen.length - preparing
  return preparing > 0 ? copy.preparing(preparing) : retake > 0 ? copy.toRetake(retake) : null
}

/**
 * What stops the queued writes from going (the phone's storage full), with what waits and how
 * much to free; nothing when they can go. The loop keeps trying by itself.
 */
export function SyncProblemNotice({ outbox }: { outbox: OutboxSummary | undefined }) {
  const problem = useSyncProblem()
  if (!problem) return null
  const waiting = (outbox?.pending ?? 0) > 0 ? copy.waiting(outbox!.items) : null
  return (
    <div role="alert">
      <Notice
        tone="error"
        title={problem.kind === 'storage-full' ? copy.storageFullTitle : copy.storageProblemTitle}
      >
        <p>
          {problem.kind === 'storage-full'
            ? copy.storageFull(problem.freeMegabytes)
            : copy.storageProblem}
        </p>
        {waiting && <p>{waiting}.</p>}
        <p>{copy.nothingLost}</p>
      </Notice>
    </div>
  )
}

/**
 * The writes wait because of the server (in maintenance, failing), not the connection: said
 * with what waits and when the next try is (the server's `Retry-After`). Nothing to do.
 */
export function ServerWaitNotice({ outbox }: { outbox: OutboxSummary | undefined }) {
  const online = useOnline()
  const wait = online && outbox ? serverWait(outbox.items) : null
  if (!wait) return null
  const waiting = (outbox?.pending ?? 0) > 0 ? copy.waiting(outbox!.items) : null
  // On the phone's own clock, as its status bar shows it (the wait was measured there).
  const at =
    wait.retryAt === undefined ? undefined : formatTime(new Date(wait.retryAt).toISOString())
  return (
    <Notice
      tone="warning"
      title={wait.maintenance ? copy.serverMaintenanceTitle : copy.serverTroubleTitle}
    >
      <p>{copy.serverWait(at)}</p>
      {waiting && <p>{waiting}.</p>}
    </Notice>
  )
}

/** Every refused write of `outbox`, except the kinds in `hideKinds` (shown elsewhere). */
export function FailedWrites({
  outbox,
  hideKinds = [],
}: {
  outbox: OutboxSummary | undefined
  hideKinds?: readonly OutboxItem['kind'][]
}) {
  const failed = (outbox?.items ?? []).filter(
    (i) => i.state === 'failed' && !hideKinds.includes(i.kind),
  )
  if (failed.length === 0) return null
  return (
    <div className={styles.stack}>
      {failed.map((item) => (
        <FailedWrite key={item.seq ?? item.id} item={item} />
      ))}
    </div>
  )
}

/**
 * One refused write: what was refused and the server's reason, then what to do. A refusal a
 * retry can change (refusal.ts) offers "Tentar enviar de novo" and (after a confirmation)
 * "Descartar"; a final one offers its fix first — discard it, check in again, ask support —
 * and never a retry, which would only get the same answer. `children` says what the write was
 * (a nomination's award and attendant).
 */
export function FailedWrite({
  item,
  title,
  children,
}: {
  item: OutboxItem
  /** What was refused, for a refusal a retry may change (a final one says it with its fix). */
  title?: string | undefined
  children?: ReactNode
}) {
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const outbox = useOutboxSummary(item.taskId)
  const refusal = refusalOf(item, outbox?.items ?? [item])
  const essential = ESSENTIAL_KINDS.has(item.kind)
  async function run(action: () => Promise<void>) {
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }
  const reason = item.lastError?.message && <p>{item.lastError.message}</p>
  if (refusal.final)
    return (
      <Notice
        tone="error"
        title={copy.finalTitle(item.kind)}
        action={<FixAction item={item} fix={refusal.fix} busy={busy} run={run} />}
      >
        {children}
        {reason}
        <p>{copy.fix(refusal.fix, item.kind)}</p>
      </Notice>
    )
  return (
    <Notice
      tone="error"
      title={
        title ??
        (item.kind === 'checkin'
          ? copy.checkinRefused
          : item.kind === 'award'
            ? copy.awardRefused
            : copy.refused(item.kind))
      }
      action={
        <div className={styles.actions}>
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => void run(() => retryOutboxItem(item))}
          >
            {copy.retry}
          </Button>
          {!essential && (
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() =>
                confirming ? void run(() => discardOutboxItem(item)) : setConfirming(true)
              }
            >
              {confirming ? copy.discardYes : copy.discard}
            </Button>
          )}
        </div>
      }
    >
      {children}
      {reason}
      {confirming && <p>{copy.discardConfirm}</p>}
    </Notice>
  )
}

/**
 * The fix of a final refusal, as its first action: nothing to tap where the fix is typed in
 * the screen's own fields (`edit`) or chosen in the report (`choose-version`).
 */
function FixAction({
  item,
  fix,
  busy,
  run,
}: {
  item: OutboxItem
  fix: RefusalFix
  busy: boolean
  run: (action: () => Promise<void>) => Promise<void>
}) {
  switch (fix) {
    case 'discard':
      return (
        <div className={styles.actions}>
          <Button
            busy={busy}
            onClick={() =>
              void run(() =>
                item.kind === 'upload' ? removeRefusedUpload(item) : discardOutboxItem(item),
              )
            }
          >
            {copy.fixAction.discard(item.kind)}
          </Button>
        </div>
      )
    case 'check-in-again':
      return (
        <div className={styles.actions}>
          <Button busy={busy} onClick={() => void run(() => checkInAgain(item.taskId))}>
            {copy.fixAction.checkInAgain}
          </Button>
        </div>
      )
    case 'ask-support':
      return (
        <div className={styles.actions}>
          <ButtonLink to="/help">{copy.fixAction.askSupport}</ButtonLink>
        </div>
      )
    case 'edit':
    case 'choose-version':
      return null
  }
}
