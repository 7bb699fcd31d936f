/** The report's photos, tax receipts and audio, through the visit's media pieces. */
import { AudioRecorder } from '@/features/report/parts/audio/audio-recorder'
import { ButtonLink } from '@/components/button'
import { EvidenceList } from '@/features/report/parts/photos/evidence-list'
import { PhotoPicker } from '@/features/report/parts/photos/photo-picker'
import { TaxReceiptForm } from '@/features/report/parts/receipts/tax-receipt-form'
import { reportCopy as copy } from '@/features/report/report-copy'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import styles from '@/features/report/report.module.css'

export function EvidencesSection({ data }: { data: VisitReport }) {
  const { task, mission } = data
  return (
    <div className={styles.stack}>
      {mission.requirements.minPhotos > 0 && (
        <p className={styles.muted}>{copy.minPhotos(mission.requirements.minPhotos)}</p>
      )}
      <EvidenceList
        reportId={task.reportId}
        taskId={task.id}
        kinds={['photo']}
        emptyText={copy.noEvidences}
      />
      <PhotoPicker reportId={task.reportId} taskId={task.id} label={copy.addPhoto} multiple />
    </div>
  )
}

export function TaxReceiptsSection({ data }: { data: VisitReport }) {
  const { task, mission } = data
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {mission.requirements.taxReceipt ? copy.receiptRequired : copy.receiptNotRequired}
      </p>
      <TaxReceiptForm reportId={task.reportId} taskId={task.id} />
    </div>
  )
}

export function AudioSection({ data }: { data: VisitReport }) {
  const { task, mission } = data
  const proof = mission.requirements.proof
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{proof === 'either' ? copy.audioEither : copy.audioRequired}</p>
      {proof === 'either' && (
        <ButtonLink to={`/tasks/${task.slug}/report/testimony`} variant="secondary">
          {copy.writeTestimonyInstead}
        </ButtonLink>
      )}
      <EvidenceList
        reportId={task.reportId}
        taskId={task.id}
        kinds={['audio']}
        emptyText={copy.noAudio}
      />
      <AudioRecorder
        reportId={task.reportId}
        taskId={task.id}
        {...(proof === 'either' || proof === 'testimony'
          ? { testimonyPath: `/tasks/${task.slug}/report/testimony` }
          : {})}
      />
    </div>
  )
}
