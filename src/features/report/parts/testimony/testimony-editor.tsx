/**
 * The written testimony (50–1000 characters, the domain's rule), kept in the draft as it is
 * typed (every change, no pause), with a live character count.
 */
import { useState } from 'react'
import { TextAreaField } from '@/components/form-fields'
import { EmptyState } from '@/components/status'
import { JUSTIFICATION_MAX_CHARS } from '@/domain/constants'
import { countChars, testimonySchema } from '@/domain/text-limits'
import { useDraftText } from '@/lib/visit-store/use-draft-text'
import { testimonyCopy } from './testimony-copy'
import { audioCopy } from '../audio/audio-copy'
import type { PartVisit } from '../part'
import styles from '@/features/report/report.module.css'

export function TestimonyEditor({ visit }: { visit: PartVisit }) {
  const { draft, mission } = visit
  // Kept on the device as it is typed; over the limit the server would refuse the whole
  // report, so such a text is held on the device (not sent) until it fits.
  const { text, change } = useDraftText(
    draft,
    'testimony',
    (value) => countChars(value.trim()) <= JUSTIFICATION_MAX_CHARS,
  )
  const [showErrors, setShowErrors] = useState(false)

  const length = countChars(text.trim())
  const tooLong = length > JUSTIFICATION_MAX_CHARS
  const result = text.trim() === '' ? null : testimonySchema.safeParse(text)
  const message = result && !result.success ? result.error.issues[0]?.message : undefined

  return (
    <div className={styles.stack}>
      {mission.requirements.proof === 'either' && (
        <p className={styles.muted}>{audioCopy.audioEither}</p>
      )}
      <TextAreaField
        label={testimonyCopy.testimonyLabel}
        hint={testimonyCopy.testimonyHint}
        rows={8}
        value={text}
        error={showErrors || tooLong ? message : undefined}
        onChange={(e) => change(e.target.value)}
        onBlur={() => setShowErrors(true)}
      />
      <p className={styles.counter}>{testimonyCopy.charCount(length, JUSTIFICATION_MAX_CHARS)}</p>
    </div>
  )
}

/** The testimony as the submitted report shows it. */
export function TestimonyView({ testimony }: { testimony: string | undefined }) {
  return testimony ? (
    <p className={styles.testimony}>{testimony}</p>
  ) : (
    <EmptyState title={testimonyCopy.noTestimony} />
  )
}
