/**
 * `evidences`: the visit's photos. Taking or picking a photo, compressing it and keeping it
 * on the device are the media pieces' job (PhotoPicker → addMedia, kind `photo`); the list
 * shows each photo with its upload state (waiting, sending with progress, sent, failed →
 * retry) and lets the agent remove it.
 */
import { Page } from '@/components/page'
import { EvidenceList } from '@/features/report/parts/photos/evidence-list'
import { PhotoPicker } from '@/features/report/parts/photos/photo-picker'
import type { ReportDraft } from '@/lib/visit-store/db'
import { useTaskMedia } from '@/lib/visit-store/hooks'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit, type CheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'
import { draftEvidences } from '@/features/report/api/report-content'
import styles from './checkin.module.css'

export function EvidencesPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.evidencesTitle}>
      <DraftGate visit={visit}>{(draft) => <Evidences visit={visit} draft={draft} />}</DraftGate>
    </Page>
  )
}

function Evidences({ visit, draft }: { visit: CheckinVisit; draft: ReportDraft }) {
  const media = useTaskMedia(visit.task.id)
  const minPhotos = visit.mission.requirements.minPhotos
  const photos = draftEvidences(draft, visit.report, media ?? []).filter(
    (e) => e.kind === 'photo',
  ).length
  return (
    <>
      <p className={photos >= minPhotos ? styles.status : styles.statusPending}>
        {minPhotos > 0 ? `${copy.minPhotos(minPhotos)} · ` : ''}
        {copy.photosCount(photos)}
      </p>
      <PhotoPicker reportId={draft.reportId} taskId={visit.task.id} multiple />
      <EvidenceList reportId={draft.reportId} taskId={visit.task.id} kinds={['photo']} />
    </>
  )
}
