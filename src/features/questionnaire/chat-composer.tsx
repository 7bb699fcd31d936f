/**
 * How the agent answers the question the bot just asked: quick-reply chips (single, yes/no,
 * scale), toggles + "Confirmar" (multi), a text box, a number or mm:ss field, or a photo.
 * Focus lands on the first control when it appears; Enter sends; a bad value gets a pt-BR
 * message next to the field and keeps what was typed.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import type { AnswerValue, Question } from '@/api/entities'
import { Button } from '@/components/button'
import { TextAreaField } from '@/components/form-fields'
import { Chip, Chips } from '@/components/status'
import { TextField } from '@/components/text-field'
import { DurationField } from '@/components/date-field'
import { formatMmSs, parseMmSs, timeEntryMessages } from '@/domain/time-entry'
import { hasVisibleText } from '@/domain/text-hygiene'
import { useScreenRoom } from '@/components/screen-room'
import { PhotoPicker } from '@/features/report/parts/photos/photo-picker'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'
import { parseNumberAnswer } from './number-answer'
import { answerCopy } from '@/features/report/parts/answers/answer-text'
import { questionnaireCopy as copy } from './questionnaire-copy'
import styles from './questionnaire.module.css'

export type ChatComposerProps = {
  question: Question
  /** The current answer when the agent is changing it. */
  value: AnswerValue | undefined
  reportId: string
  taskId: string
  busy: boolean
  onAnswer: (value: AnswerValue) => void
  /** Present while changing an earlier answer. */
  onCancel?: () => void
}

export function ChatComposer(props: ChatComposerProps) {
  const { question, onAnswer, onCancel, busy } = props
  const ref = useRef<HTMLDivElement>(null)
  // Sticky above the visit's bar: its room is kept for focus (nothing tabbed to in the chat
  // lands under it).
  const room = useScreenRoom<HTMLDivElement>('bottom')
  const composer = useCallback(
    (element: HTMLDivElement | null) => {
      ref.current = element
      room(element)
    },
    [room],
  )
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>(
      'textarea, input:not([type="file"]), button',
    )
    first?.focus()
    ref.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' })
  }, [])
  return (
    <div ref={composer} className={styles.composer} aria-busy={busy || undefined}>
      <AnswerInput {...props} />
      {(!question.required || onCancel) && (
        <div className={styles.composerActions}>
          {!question.required && (
            <Button variant="ghost" onClick={() => onAnswer('')} disabled={busy}>
              {copy.skip}
            </Button>
          )}
          {onCancel && (
            <Button variant="ghost" onClick={onCancel} disabled={busy}>
              {copy.cancelChange}
            </Button>
          )}
        </div>
      )}
    </div>
  )
}

function AnswerInput(props: ChatComposerProps) {
  const { question, value, onAnswer, busy } = props
  switch (question.kind) {
    case 'yesno':
      return (
        <Chips label={question.text}>
          <Chip pressed={value === true} onToggle={() => !busy && onAnswer(true)}>
            {answerCopy.yes}
          </Chip>
          <Chip pressed={value === false} onToggle={() => !busy && onAnswer(false)}>
            {answerCopy.no}
          </Chip>
        </Chips>
      )
    case 'single':
      return (
        <Chips label={question.text}>
          {(question.options ?? []).map((option) => (
            <Chip
              key={option.value}
              pressed={value === option.value}
              onToggle={() => !busy && onAnswer(option.value)}
            >
              {option.label}
            </Chip>
          ))}
        </Chips>
      )
    case 'scale': {
      const min = question.min ?? 1
      const max = question.max ?? 5
      return (
        <Chips label={question.text}>
          {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((n) => (
            <Chip key={n} pressed={value === n} onToggle={() => !busy && onAnswer(n)}>
              {String(n)}
            </Chip>
          ))}
        </Chips>
      )
    }
    case 'multi':
      return <MultiInput {...props} />
    case 'text':
      return <TextInput {...props} />
    case 'number':
      return <NumberInput {...props} />
    case 'time':
      return <TimeInput {...props} />
    case 'photo':
      return (
        <PhotoPicker
          reportId={props.reportId}
          taskId={props.taskId}
          label={copy.photoLabel}
          onAdded={(media) => onAnswer(`${LOCAL_MEDIA_PREFIX}${media.id}`)}
        />
      )
  }
}

function MultiInput({ question, value, onAnswer, busy }: ChatComposerProps) {
  const [chosen, setChosen] = useState<string[]>(Array.isArray(value) ? value : [])
  const [error, setError] = useState<string>()
  const toggle = (v: string) => {
    setError(undefined)
    setChosen((list) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]))
  }
  const confirm = () => {
    if (chosen.length === 0 && question.required) return setError(copy.chooseAtLeastOne)
    // Keep the form's order of options.
    onAnswer((question.options ?? []).map((o) => o.value).filter((v) => chosen.includes(v)))
  }
  return (
    <div className={styles.multi}>
      <p className={styles.hint} id={`${question.id}-hint`}>
        {copy.multiHint}
      </p>
      <Chips label={question.text}>
        {(question.options ?? []).map((option) => (
          <Chip
            key={option.value}
            pressed={chosen.includes(option.value)}
            onToggle={() => toggle(option.value)}
          >
            {option.label}
          </Chip>
        ))}
      </Chips>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button onClick={confirm} busy={busy}>
        {copy.confirm}
      </Button>
    </div>
  )
}

/** A one-field form whose Enter sends. */
function FieldForm({
  onSubmit,
  busy,
  children,
}: {
  onSubmit: () => void
  busy: boolean
  children: ReactNode
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!busy) onSubmit()
  }
  return (
    <form className={styles.fieldForm} onSubmit={submit} noValidate>
      {children}
      <Button type="submit" busy={busy}>
        {copy.send}
      </Button>
    </form>
  )
}

function TextInput({ question, value, onAnswer, busy }: ChatComposerProps) {
  const [text, setText] = useState(typeof value === 'string' ? value : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    // Only zero-width or control characters: nothing the agent (or the validator) can read.
    const answer = hasVisibleText(text) ? text.trim() : ''
    if (!answer && question.required) return setError(copy.textRequired)
    onAnswer(answer)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      event.currentTarget.form?.requestSubmit()
    }
  }
  return (
    <FieldForm onSubmit={submit} busy={busy}>
      <TextAreaField
        label={copy.textLabel}
        hint={copy.textHint}
        rows={2}
        value={text}
        error={error}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setText(e.target.value)
          setError(undefined)
        }}
      />
    </FieldForm>
  )
}

function NumberInput({ question, value, onAnswer, busy }: ChatComposerProps) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    const n = parseNumberAnswer(text)
    const valid =
      n !== null &&
      (question.min === undefined || n >= question.min) &&
      (question.max === undefined || n <= question.max)
    if (!valid) return setError(copy.numberRange(question.min, question.max))
    onAnswer(n)
  }
  return (
    <FieldForm onSubmit={submit} busy={busy}>
      <TextField
        label={copy.numberLabel}
        hint={
          question.min !== undefined || question.max !== undefined
            ? copy.numberRange(question.min, question.max)
            : undefined
        }
        inputMode="decimal"
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.target.value)
          setError(undefined)
        }}
      />
    </FieldForm>
  )
}

function TimeInput({ value, onAnswer, busy }: ChatComposerProps) {
  const [text, setText] = useState(typeof value === 'string' ? value : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    const seconds = parseMmSs(text)
    if (seconds === null) return setError(timeEntryMessages.badFormat)
    onAnswer(formatMmSs(seconds))
  }
  return (
    <FieldForm onSubmit={submit} busy={busy}>
      <DurationField
        label={copy.timeLabel}
        hint={copy.timeHint}
        value={text}
        error={error}
        onChange={(typed) => {
          setText(typed)
          setError(undefined)
        }}
      />
    </FieldForm>
  )
}
