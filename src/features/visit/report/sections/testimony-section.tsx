/**
 * The written testimony (50–1000 characters, the domain's rule), saved in the draft as it is
 * typed (debounced) and when the field is left, with a live character count.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { TextAreaField } from '@/components/form-fields'
import { JUSTIFICATION_MAX_CHARS } from '@/domain/constants'
import { countChars, testimonySchema } from '@/domain/text-limits'
import { updateDraft } from '../../offline/visit-store'
import { reportCopy as copy } from '../report-copy'
import type { VisitReport } from '../use-visit-report'
import styles from '../report.module.css'

export const TESTIMONY_SAVE_DELAY_MS = 800

/** Each keystroke is copied here at once (synchronous): a reload before the pause loses nothing. */
const typingKey = (reportId: string) => `avaliador.visit-input.${reportId}.testimony`

function readTyping(reportId: string): string | null {
  try {
    return localStorage.getItem(typingKey(reportId))
  } catch {
    return null
  }
}

export function TestimonySection({ data }: { data: VisitReport }) {
  const { draft, mission } = data
  const [text, setText] = useState(() => readTyping(draft.reportId) ?? draft.testimony)
  const [showErrors, setShowErrors] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const latest = useRef({ text, saved: draft.testimony, reportId: draft.reportId })

  const length = countChars(text.trim())
  const tooLong = length > JUSTIFICATION_MAX_CHARS
  const result = text.trim() === '' ? null : testimonySchema.safeParse(text)
  const message = result && !result.success ? result.error.issues[0]?.message : undefined

  const save = useCallback(() => {
    clearTimeout(timer.current)
    const { text: value, saved, reportId } = latest.current
    // Over the limit the server would refuse the whole report: keep it in the field only.
    if (value === saved || countChars(value.trim()) > JUSTIFICATION_MAX_CHARS) return
    latest.current.saved = value
    void updateDraft(reportId, (d) => ({ ...d, testimony: value })).then(() => {
      if (latest.current.text === value) {
        try {
          localStorage.removeItem(typingKey(reportId))
        } catch {
          // Nothing kept.
        }
      }
    })
  }, [])

  // Text kept from before a reload is saved at once; leaving the page saves what is typed.
  useEffect(() => {
    save()
    return () => save()
  }, [save])

  return (
    <div className={styles.stack}>
      {mission.requirements.proof === 'either' && (
        <p className={styles.muted}>{copy.audioEither}</p>
      )}
      <TextAreaField
        label={copy.testimonyLabel}
        hint={copy.testimonyHint}
        rows={8}
        value={text}
        error={showErrors || tooLong ? message : undefined}
        onChange={(e) => {
          const value = e.target.value
          setText(value)
          latest.current.text = value
          try {
            localStorage.setItem(typingKey(latest.current.reportId), value)
          } catch {
            // Storage full: the timer still saves it.
          }
          clearTimeout(timer.current)
          timer.current = setTimeout(save, TESTIMONY_SAVE_DELAY_MS)
        }}
        onBlur={() => {
          save()
          setShowErrors(true)
        }}
      />
      <p className={styles.counter}>{copy.charCount(length, JUSTIFICATION_MAX_CHARS)}</p>
    </div>
  )
}
