/** `notes`: free text of the visit, kept on the device as it is typed (every change, no pause). */
import { TextAreaField } from '@/components/form-fields'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { countChars } from '@/domain/text-limits'
import type { ReportDraft } from '@/lib/visit-store/db'
import { useDraftText } from '@/lib/visit-store/use-draft-text'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'
import styles from './checkin.module.css'

/** ReportInput.notes maxLength in openapi.yaml. */
export const NOTES_MAX_CHARS = 5000

export function NotesPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.notesTitle}>
      <DraftGate visit={visit}>{(draft) => <NotesEditor draft={draft} />}</DraftGate>
    </Page>
  )
}

function NotesEditor({ draft }: { draft: ReportDraft }) {
  // Every change is on the device at once (one transaction); the server save follows.
  const { text, change, state, mergedFromOtherTab } = useDraftText(
    draft,
    'notes',
    (value) => countChars(value) <= NOTES_MAX_CHARS,
  )
  return (
    <>
      <TextAreaField
        label={copy.notesLabel}
        hint={copy.notesHint}
        value={text}
        rows={10}
        maxLength={NOTES_MAX_CHARS}
        onChange={(e) => change(e.target.value)}
      />
      <p className={styles.muted}>{copy.notesCount(countChars(text), NOTES_MAX_CHARS)}</p>
      <p role="status" className={styles.status}>
        {state === 'saved' ? copy.savedOnDevice : state === 'saving' ? copy.saving : ''}
      </p>
      {state === 'failed' && <Notice tone="error">{copy.saveFailed}</Notice>}
      {mergedFromOtherTab && <Notice tone="info">{copy.notesMergedFromOtherTab}</Notice>}
    </>
  )
}
