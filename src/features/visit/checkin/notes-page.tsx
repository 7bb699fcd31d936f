/** `notes`: free text of the visit, saved on the device as it is typed (500 ms pause) and on leaving the field. */
import { useCallback, useEffect, useRef, useState } from 'react'
import { TextAreaField } from '@/components/form-fields'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { countChars } from '@/domain/text-limits'
import type { ReportDraft } from '../offline/visit-db'
import { updateDraft } from '../offline/visit-store'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'
import styles from './checkin.module.css'

export const NOTES_SAVE_DELAY_MS = 500
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

/** Every keystroke is copied here at once (synchronous), so a reload before the pause loses nothing. */
const typingKey = (reportId: string) => `avaliador.visit-input.${reportId}.notes`

function readTyping(reportId: string): string | null {
  try {
    return localStorage.getItem(typingKey(reportId))
  } catch {
    return null
  }
}

function NotesEditor({ draft }: { draft: ReportDraft }) {
  const reportId = draft.reportId
  // The field is the agent's: once typing starts, store updates never overwrite it.
  const [text, setText] = useState<string | null>(() => readTyping(reportId))
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')
  const pending = useRef<string | null>(readTyping(reportId))
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const value = text ?? draft.notes

  const flush = useCallback(() => {
    clearTimeout(timer.current)
    const notes = pending.current
    if (notes === null) return
    pending.current = null
    updateDraft(reportId, (d) => ({ ...d, notes })).then(
      () => {
        if (pending.current === null) {
          try {
            localStorage.removeItem(typingKey(reportId))
          } catch {
            // Nothing kept.
          }
        }
        setState((s) => (pending.current === null && s !== 'failed' ? 'saved' : s))
      },
      () => setState('failed'),
    )
  }, [reportId])

  // Text typed before a reload (kept in the typing copy) is saved at once; leaving saves the rest.
  useEffect(() => {
    flush()
    return flush
  }, [flush])

  function change(next: string) {
    setText(next)
    setState('saving')
    try {
      localStorage.setItem(typingKey(reportId), next)
    } catch {
      // Storage full: the timer still saves it.
    }
    pending.current = next
    clearTimeout(timer.current)
    timer.current = setTimeout(flush, NOTES_SAVE_DELAY_MS)
  }

  return (
    <>
      <TextAreaField
        label={copy.notesLabel}
        hint={copy.notesHint}
        value={value}
        rows={10}
        maxLength={NOTES_MAX_CHARS}
        onChange={(e) => change(e.target.value)}
        onBlur={flush}
      />
      <p className={styles.muted}>{copy.notesCount(countChars(value), NOTES_MAX_CHARS)}</p>
      <p role="status" className={styles.status}>
        {state === 'saved' ? copy.savedOnDevice : state === 'saving' ? copy.saving : ''}
      </p>
      {state === 'failed' && <Notice tone="error">{copy.saveFailed}</Notice>}
    </>
  )
}
