/**
 * What a visit lost when the browser deleted the device's database (the phone's storage full):
 * read from the unsent record kept outside IndexedDB (lib/visit-store/unsent-record.ts), it
 * names what did not reach the server — the check-in or check-out and their times, each photo
 * by name and time, the parts of the report — and what to redo, until the agent taps
 * "Entendi". The check-in shell (every page of the visit) and the report show it.
 */
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { useLostVisits } from '@/lib/visit-store/use-unsent-record'
import { outboxCopy as copy } from './outbox-copy'
import styles from './visit.module.css'

export function LostVisitNotice({ taskId }: { taskId: string }) {
  const { lost, dismiss } = useLostVisits(taskId)
  const visit = lost[0]
  if (!visit) return null
  // An error notice is announced (role=alert).
  return (
    <Notice
      tone="error"
      title={copy.lostTitle}
      action={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => dismiss(taskId)}>
            {copy.lostDismiss}
          </Button>
        </div>
      }
    >
      <div className={styles.lostBody}>
        <p>{copy.lostIntro}</p>
        <ul className={styles.lostList}>
          {copy.lostItems(visit).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className={styles.lostRedoTitle}>{copy.lostRedoTitle}</p>
        <ul className={styles.lostList}>
          {copy.lostRedo(visit).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </Notice>
  )
}
