/**
 * The photos part: the visit's photos against the mission's minimum. Taking or picking a
 * photo, compressing it and keeping it on the device is PhotoPicker's job (kind `photo`); the
 * list shows each photo with its upload state (waiting, sending with progress, sent, failed →
 * retry) and lets the agent remove it. The same editor on the check-in's page and in the report.
 */
import type { Task } from '@/api/entities'
import { useTaskMedia } from '@/lib/visit-store/hooks'
import { draftEvidences } from '@/features/visit/draft-content'
import type { PartVisit } from '../part'
import { EvidenceList } from '@/features/visit/media/evidence-list'
import { PhotoPicker } from '@/features/visit/media/photo-picker'
import { photosCopy as copy } from './photos-copy'
import styles from '../part.module.css'

/** The photos as the submitted report shows them (from the server's report). */
export function PhotosView({ task }: { task: Task }) {
  return (
    <EvidenceList
      reportId={task.reportId}
      taskId={task.id}
      kinds={['photo']}
      readOnly
      emptyText={copy.viewEmpty}
    />
  )
}

export function PhotosEditor({ visit }: { visit: PartVisit }) {
  const { task, draft, serverReport } = visit
  const media = useTaskMedia(task.id)
  const minPhotos = visit.mission.requirements.minPhotos
  const photos = draftEvidences(draft, serverReport, media ?? []).filter(
    (e) => e.kind === 'photo',
  ).length
  return (
    <div className={styles.part}>
      <p className={photos >= minPhotos ? styles.status : styles.statusPending}>
        {minPhotos > 0 ? `${copy.minPhotos(minPhotos)} · ` : ''}
        {copy.photosCount(photos)}
      </p>
      <PhotoPicker reportId={draft.reportId} taskId={task.id} multiple />
      <EvidenceList reportId={draft.reportId} taskId={task.id} kinds={['photo']} />
    </div>
  )
}
