/**
 * The audio part: the recording of the attendance (or, when the mission takes either, a link
 * to the written testimony), and the recordings already attached with their upload state.
 */
import { AudioRecorder } from '@/features/report/parts/audio/audio-recorder'
import type { Mission, Task } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { testimonyPart } from '../testimony/testimony-part'
import { EvidenceList } from '@/features/visit/media/evidence-list'
import { audioCopy } from './audio-copy'
import type { PartVisit } from '../part'
import styles from '@/features/report/report.module.css'

export function AudioEditor({ visit }: { visit: PartVisit }) {
  const { task, mission } = visit
  const proof = mission.requirements.proof
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {proof === 'either' ? audioCopy.audioEither : audioCopy.audioRequired}
      </p>
      {proof === 'either' && (
        <ButtonLink to={visit.pathOf('testimony')} variant="secondary">
          {audioCopy.writeTestimonyInstead}
        </ButtonLink>
      )}
      <EvidenceList
        reportId={task.reportId}
        taskId={task.id}
        kinds={['audio']}
        emptyText={audioCopy.noAudio}
      />
      <AudioRecorder
        reportId={task.reportId}
        taskId={task.id}
        {...(proof === 'either' || proof === 'testimony'
          ? { testimonyPath: visit.pathOf('testimony') }
          : {})}
      />
    </div>
  )
}

/** The recordings as the submitted report shows them; the testimony too when either was asked. */
export function AudioView({
  task,
  mission,
  testimony,
}: {
  task: Task
  mission: Mission
  testimony: string | undefined
}) {
  return (
    <>
      <EvidenceList
        reportId={task.reportId}
        taskId={task.id}
        kinds={['audio']}
        readOnly
        emptyText={audioCopy.noAudio}
      />
      {/* "Áudio ou depoimento" is one part of the report: the testimony shows here too. */}
      {mission.requirements.proof === 'either' && testimony && (
        <section aria-label={testimonyPart.title}>
          <h2 className={styles.groupTitle}>{testimonyPart.title}</h2>
          <p className={styles.testimony}>{testimony}</p>
        </section>
      )}
    </>
  )
}
