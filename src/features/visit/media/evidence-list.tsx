/**
 * The report's evidences in report order: thumbnail (or player, for audio), kind, caption and
 * where its upload stands — "Aguardando conexão", "Enviando… 40%", "Enviada", "Falhou" with
 * "Tentar de novo" (only when a retry can change the server's answer) — and a remove button
 * (with confirmation). Editable lists read the device's
 * draft (`evidenceRefs`) and local media; the read-only list (a submitted report) reads the
 * server's report.
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Evidence } from '@/api/entities'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { useSnackbar } from '@/components/snackbar'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { reportQueryOptions } from '@/lib/visit-store/api'
import type { LocalMedia, MediaKind, ReportDraft } from '@/lib/visit-store/db'
import { removeMedia, retryMediaUpload } from '@/lib/visit-store/store'
import { useReportDraft, useTaskMedia } from '@/lib/visit-store/hooks'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'
import { mediaKitCopy } from './media-kit-copy'
import styles from './media.module.css'
import { mediaSourceOf, useMediaObjectUrl, type MediaSource } from './use-media-object-url'
import { useOnline } from '@/lib/use-online'

export type EvidenceListProps = {
  reportId: string
  taskId: string
  /** Only these kinds (e.g. ['photo'] on the evidences page, ['audio'] on the audio page). */
  kinds?: readonly MediaKind[]
  /** The submitted report: no upload states, no removal; read from the server. */
  readOnly?: boolean
  /** Shown when the list is empty. */
  emptyText?: string
}

export type EvidenceItem = {
  key: string
  ref: { evidenceId?: string; mediaId?: string }
  kind: MediaKind | undefined
  local?: LocalMedia
  server?: Evidence
  /** Why it cannot be removed here (a photo answer or a tax receipt points at it). */
  usedBy?: 'answer' | 'receipt'
}

/** The draft's evidences joined with the device's media and the server's metadata. */
export function evidenceItems(
  draft: ReportDraft,
  media: readonly LocalMedia[],
  serverEvidences: readonly Evidence[] | undefined,
): EvidenceItem[] {
  return draft.evidenceRefs.map((ref, i) => {
    const local = ref.mediaId ? media.find((m) => m.id === ref.mediaId) : undefined
    const evidenceId = ref.evidenceId ?? local?.evidenceId
    const server = evidenceId ? serverEvidences?.find((e) => e.id === evidenceId) : undefined
    const pointsHere = (value: unknown) =>
      typeof value === 'string' &&
      ((ref.mediaId !== undefined && value === `${LOCAL_MEDIA_PREFIX}${ref.mediaId}`) ||
        (evidenceId !== undefined && value === evidenceId))
    const usedBy = draft.taxReceipts.some(
      (r) =>
        (ref.mediaId && r.mediaId === ref.mediaId) || (evidenceId && r.evidenceId === evidenceId),
    )
      ? ('receipt' as const)
      : draft.answers.some((a) => pointsHere(a.value))
        ? ('answer' as const)
        : undefined
    return {
      key: ref.mediaId ?? ref.evidenceId ?? String(i),
      ref,
      kind: local?.kind ?? ref.kind ?? server?.kind,
      ...(local ? { local } : {}),
      ...(server ? { server } : {}),
      ...(usedBy ? { usedBy } : {}),
    }
  })
}

function keepKind(kinds: readonly MediaKind[] | undefined, kind: MediaKind | undefined) {
  if (!kinds) return true
  // Not known yet (an uploaded evidence while the report is loading): shown with the photos.
  return kind ? kinds.includes(kind) : kinds.includes('photo')
}

export function EvidenceList({
  reportId,
  taskId,
  kinds,
  readOnly = false,
  emptyText,
}: EvidenceListProps) {
  return readOnly ? (
    <ServerEvidenceList reportId={reportId} taskId={taskId} kinds={kinds} emptyText={emptyText} />
  ) : (
    <DraftEvidenceList reportId={reportId} taskId={taskId} kinds={kinds} emptyText={emptyText} />
  )
}

function DraftEvidenceList({
  reportId,
  taskId,
  kinds,
  emptyText,
}: Omit<EvidenceListProps, 'readOnly'>) {
  const draft = useReportDraft(reportId)
  const media = useTaskMedia(taskId)
  const report = useQuery(reportQueryOptions(reportId))
  if (!draft || !media)
    return <Skeleton count={2} height={112} label={mediaKitCopy.evidence.loading} />
  const items = evidenceItems(draft, media, report.data?.evidences).filter((item) =>
    keepKind(kinds, item.kind),
  )
  if (items.length === 0) return <EmptyState title={emptyText ?? mediaKitCopy.evidence.empty} />
  return (
    <ul className={styles.list} aria-label={mediaKitCopy.evidence.listLabel}>
      {items.map((item, i) => (
        <EvidenceRow key={item.key} item={item} n={i + 1} reportId={reportId} />
      ))}
    </ul>
  )
}

function ServerEvidenceList({
  reportId,
  taskId,
  kinds,
  emptyText,
}: Omit<EvidenceListProps, 'readOnly'>) {
  const report = useQuery(reportQueryOptions(reportId))
  const media = useTaskMedia(taskId)
  if (report.isPending)
    return <Skeleton count={2} height={112} label={mediaKitCopy.evidence.loading} />
  if (report.isError)
    return (
      <LoadError
        title={mediaKitCopy.evidence.loadFailed}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    )
  const items = report.data.evidences
    .filter((e) => keepKind(kinds, e.kind))
    .map<EvidenceItem>((server) => {
      const local = media?.find((m) => m.evidenceId === server.id)
      return {
        key: server.id,
        ref: { evidenceId: server.id },
        kind: server.kind,
        server,
        ...(local ? { local } : {}),
      }
    })
  if (items.length === 0)
    return <EmptyState title={emptyText ?? mediaKitCopy.evidence.emptyReadOnly} />
  return (
    <ul className={styles.list} aria-label={mediaKitCopy.evidence.listLabel}>
      {items.map((item, i) => (
        <EvidenceRow key={item.key} item={item} n={i + 1} readOnly />
      ))}
    </ul>
  )
}

function sourceOf(item: EvidenceItem): MediaSource | undefined {
  return mediaSourceOf(item.local, item.ref.evidenceId ?? item.server?.id)
}

function EvidenceRow({
  item,
  n,
  reportId,
  readOnly = false,
}: {
  item: EvidenceItem
  n: number
  reportId?: string
  readOnly?: boolean
}) {
  const snackbar = useSnackbar()
  const [confirming, setConfirming] = useState(false)
  const [working, setWorking] = useState(false)
  const { url, failed } = useMediaObjectUrl(sourceOf(item))
  const kindLabel = mediaKitCopy.evidence.kind[item.kind ?? 'photo']
  const name = mediaKitCopy.evidence.thumbnail(kindLabel, n)
  const caption = item.local?.caption ?? item.server?.caption
  const duration = item.local?.durationSecs ?? item.server?.durationSecs
  const isAudio = item.kind === 'audio'

  async function retry() {
    if (!item.local) return
    setWorking(true)
    try {
      await retryMediaUpload(item.local)
    } finally {
      setWorking(false)
    }
  }

  async function remove() {
    if (!reportId) return
    setWorking(true)
    try {
      const ref = {
        ...item.ref,
        ...(item.local?.evidenceId && !item.ref.evidenceId
          ? { evidenceId: item.local.evidenceId }
          : {}),
      }
      await removeMedia(reportId, ref)
      snackbar(mediaKitCopy.evidence.removed)
    } catch {
      snackbar(mediaKitCopy.evidence.removeFailed)
      setWorking(false)
      setConfirming(false)
    }
  }

  return (
    <li className={`${styles.item} ${isAudio ? styles.itemAudio : ''}`}>
      {isAudio ? null : url ? (
        <img
          className={styles.thumb}
          src={url}
          alt={caption ? `${name}: ${caption}` : name}
          width={88}
          height={88}
        />
      ) : (
        <div className={styles.thumb} role="img" aria-label={name}>
          {failed ? mediaKitCopy.evidence.thumbnailUnavailable : ''}
        </div>
      )}
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>
          {name}
          {duration !== undefined && ` · ${mediaKitCopy.evidence.duration(duration)}`}
        </p>
        {caption && <p className={styles.caption}>{caption}</p>}
        {isAudio && url && (
          <audio className={styles.audio} controls preload="metadata" src={url} aria-label={name} />
        )}
        {!readOnly && (
          <UploadState
            media={item.local}
            onServer={Boolean(item.ref.evidenceId ?? item.local?.evidenceId ?? item.server)}
          />
        )}
        {!readOnly && item.usedBy && (
          <p className={styles.usedBy}>
            {item.usedBy === 'receipt'
              ? mediaKitCopy.evidence.usedByReceipt
              : mediaKitCopy.evidence.usedByAnswer}
          </p>
        )}
        {!readOnly && (
          <div className={styles.itemActions}>
            {item.local?.state === 'failed' && !item.local.final && !confirming && (
              <Button
                variant="secondary"
                onClick={() => void retry()}
                busy={working}
                aria-label={mediaKitCopy.evidence.retryLabel(name)}
              >
                {mediaKitCopy.evidence.retry}
              </Button>
            )}
            {!item.usedBy && !confirming && (
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={working}
                aria-label={mediaKitCopy.evidence.removeLabel(name)}
              >
                {mediaKitCopy.evidence.remove}
              </Button>
            )}
            {confirming && (
              <div
                role="group"
                aria-label={mediaKitCopy.evidence.confirmRemove}
                className={styles.row}
              >
                <span>{mediaKitCopy.evidence.confirmRemove}</span>
                <Button variant="danger" onClick={() => void remove()} busy={working}>
                  {mediaKitCopy.evidence.confirmRemoveYes}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)} disabled={working}>
                  {mediaKitCopy.evidence.confirmRemoveNo}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  )
}

/**
 * Where one upload stands. With no local copy it is on the server already — unless nothing
 * says so yet (`onServer` false: the draft names a photo whose device record this screen has
 * not read yet): then it waits, never "Enviada" before it is.
 */
export function UploadState({
  media,
  onServer = true,
}: {
  media: LocalMedia | undefined
  onServer?: boolean
}) {
  const online = useOnline()
  if (!media && !onServer)
    return <p className={styles.state}>{mediaKitCopy.evidence.state.waiting}</p>
  if (!media || media.state === 'sent')
    return (
      <p className={`${styles.state} ${styles.stateSent}`}>{mediaKitCopy.evidence.state.sent}</p>
    )
  if (media.state === 'sending')
    return (
      <>
        <p className={styles.state}>{mediaKitCopy.evidence.state.sending(media.progress)}</p>
        <progress
          className={styles.progress}
          max={1}
          value={media.progress}
          aria-label={mediaKitCopy.evidence.progressLabel}
        />
      </>
    )
  if (media.state === 'failed')
    return (
      <>
        <p className={`${styles.state} ${styles.stateFailed}`}>
          {mediaKitCopy.evidence.state.failed} —{' '}
          {media.error ?? mediaKitCopy.evidence.uploadFailedFallback}
        </p>
        {media.final && <p className={styles.state}>{mediaKitCopy.evidence.refusedFix}</p>}
      </>
    )
  // Waiting: for a connection, or (the server reachable) for the retry of a cut transfer.
  return (
    <p className={styles.state}>
      {!online
        ? mediaKitCopy.evidence.state.offline
        : (media.error ?? mediaKitCopy.evidence.state.waiting)}
    </p>
  )
}
