/**
 * How the agent answers the question the bot just asked: quick-reply chips (single, yes/no,
 * scale), toggles + "Confirmar" (multi), a text box, a number or mm:ss field, or a photo.
 * Focus lands on the first control when it appears; Enter sends; a bad value gets a pt-BR
 * message next to the field and keeps what was typed.
 *
 * What is typed or chosen before it is sent (a text, a number, a time, the options of a
 * multiple choice before "Confirmar") is kept on the device as it changes
 * (`usePersistentState`, one key per question), so a reload or a killed app finds it again;
 * it is forgotten once the answer is in the draft, or when the agent keeps the previous one.
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
import { PhotoPicker } from '@/features/visit/media/photo-picker'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'
import { usePersistentState, writePersistent } from '@/lib/persistent-input'
import { storageKey } from '@/lib/storage-keys'
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
  /** Resolves to true once the answer is kept in the draft. */
  onAnswer: (value: AnswerValue) => Promise<boolean> | void
  /** Present while changing an earlier answer. */
  onCancel?: () => void
}

/** Where the answer being typed to `questionId` is kept until it is in the draft. */
export const chatInputKey = (reportId: string, questionId: string) =>
  storageKey.visitInput(`${reportId}.chat.${questionId}`)

const parseText = (stored: unknown) => (typeof stored === 'string' ? stored : null)
const parseChoices = (stored: unknown) =>
  Array.isArray(stored) && stored.every((v) => typeof v === 'string') ? stored : null

/**
 * The answer being typed (or chosen) to the question, kept on the device as it changes; null
 * while nothing was typed (the field then shows the current answer). `send` hands the answer
 * on and forgets the kept one once it is in the draft.
 */
function useKeptInput<T>(props: ChatComposerProps, parse: (stored: unknown) => T | null) {
  const key = chatInputKey(props.reportId, props.question.id)
  const [kept, keep] = usePersistentState<T | null>(key, null, parse)
  const send = (value: AnswerValue) =>
    void Promise.resolve(props.onAnswer(value)).then((saved) => {
      if (saved) writePersistent(key, null)
    })
  return [kept, keep, send] as const
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
            <Button
              variant="ghost"
              onClick={() =>
                // Skipped: what was typed for it is dropped once the skip is in the draft.
                void Promise.resolve(onAnswer('')).then((saved) => {
                  if (saved) writePersistent(chatInputKey(props.reportId, question.id), null)
                })
              }
              disabled={busy}
            >
              {copy.skip}
            </Button>
          )}
          {onCancel && (
            <Button
              variant="ghost"
              onClick={() => {
                // Keeping the previous answer drops what was typed for a new one.
                writePersistent(chatInputKey(props.reportId, question.id), null)
                onCancel()
              }}
              disabled={busy}
            >
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
          slot={`answer:${question.id}`}
          onAdded={(media) => onAnswer(`${LOCAL_MEDIA_PREFIX}${media.id}`)}
        />
      )
  }
}

function MultiInput(props: ChatComposerProps) {
  const { question, value, busy } = props
  const [kept, keep, send] = useKeptInput(props, parseChoices)
  const chosen = kept ?? (Array.isArray(value) ? value : [])
  const [error, setError] = useState<string>()
  const toggle = (v: string) => {
    setError(undefined)
    keep(chosen.includes(v) ? chosen.filter((x) => x !== v) : [...chosen, v])
  }
  const confirm = () => {
    if (chosen.length === 0 && question.required) return setError(copy.chooseAtLeastOne)
    // Keep the form's order of options.
    send((question.options ?? []).map((o) => o.value).filter((v) => chosen.includes(v)))
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

function TextInput(props: ChatComposerProps) {
  const { question, value, busy } = props
  const [kept, setText, send] = useKeptInput(props, parseText)
  const text = kept ?? (typeof value === 'string' ? value : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    // Only zero-width or control characters: nothing the agent (or the validator) can read.
    const answer = hasVisibleText(text) ? text.trim() : ''
    if (!answer && question.required) return setError(copy.textRequired)
    send(answer)
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

function NumberInput(props: ChatComposerProps) {
  const { question, value, busy } = props
  const [kept, setText, send] = useKeptInput(props, parseText)
  const text = kept ?? (typeof value === 'number' ? String(value) : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    const n = parseNumberAnswer(text)
    const valid =
      n !== null &&
      (question.min === undefined || n >= question.min) &&
      (question.max === undefined || n <= question.max)
    if (!valid) return setError(copy.numberRange(question.min, question.max))
    send(n)
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

function TimeInput(props: ChatComposerProps) {
  const { value, busy } = props
  const [kept, setText, send] = useKeptInput(props, parseText)
  const text = kept ?? (typeof value === 'string' ? value : '')
  const [error, setError] = useState<string>()
  const submit = () => {
    const seconds = parseMmSs(text)
    if (seconds === null) return setError(timeEntryMessages.badFormat)
    send(formatMmSs(seconds))
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
