/**
 * Dates and times typed as dd/mm/aaaa and hh:mm, on every phone. A native date control
 * follows the browser's language, not the page's ("11/26/2026, 03:00 PM" beside a pt-BR
 * hint), and some builds ignore typed digits; these are text fields with a numeric keyboard
 * and a mask. What the agent typed is kept as typed, even when it is wrong: the form reads it
 * (`readDateText`, `instantFromDateTimeText`) and says what is wrong next to the field.
 */
import { useId, type ReactNode } from 'react'
import { maskDate, maskTime, readDateText, readTimeText } from '@/lib/date-text'
import { instantFromDateTimeText } from '@/lib/sao-paulo-time'
import { TextField, type TextFieldProps } from './text-field'
import fieldStyles from './text-field.module.css'
import styles from './date-field.module.css'

export const DATE_FORMAT_HINT = 'dd/mm/aaaa'
export const TIME_FORMAT_HINT = 'hh:mm'
export const DURATION_FORMAT_HINT = 'mm:ss'

type DateFieldProps = {
  label: ReactNode
  /** What to write, before the format; the format (dd/mm/aaaa) is always said. */
  hint?: string
  value: string
  onChange: (text: string) => void
  error?: string | undefined
  name?: string
}

/** One date, dd/mm/aaaa. */
export function DateField({ label, hint, value, onChange, error, name }: DateFieldProps) {
  return (
    <TextField
      label={label}
      hint={hint ? `${hint} Formato ${DATE_FORMAT_HINT}.` : `Formato ${DATE_FORMAT_HINT}.`}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_FORMAT_HINT}
      maxLength={10}
      className={styles.dateOnly}
      value={value}
      error={error}
      onChange={(e) => onChange(maskDate(e.target.value))}
    />
  )
}

type DurationFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'inputMode'> & {
  value: string
  onChange: (text: string) => void
}

/**
 * A duration, mm:ss, typed with digits only: a phone's numeric keypad has no ':' (an iPhone's
 * has none at all), so the colon goes in after the minutes, as in the time of day ("0230" →
 * "02:30"; one or two digits stay bare seconds). The same mask as hh:mm (`maskTime`).
 */
export function DurationField({ onChange, ...rest }: DurationFieldProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      onChange={(e) => onChange(maskTime(e.target.value))}
    />
  )
}

export type DateTimeText = { date: string; time: string }

export const dateTimeMessages = {
  dateInvalid: 'Data inválida. Use dd/mm/aaaa, por exemplo 26/11/2026.',
  timeInvalid: 'Hora inválida. Use hh:mm, de 00:00 a 23:59, por exemplo 15:00.',
} as const

/**
 * The instant a DateTimeField holds (São Paulo time), or the pt-BR message to show beside
 * it: `missing` when a part is empty, otherwise which part cannot be read.
 */
export function readDateTimeField(
  value: DateTimeText,
  missing: string,
): { ok: true; instant: string } | { ok: false; message: string } {
  if (!value.date.trim() || !value.time.trim()) return { ok: false, message: missing }
  if (!readDateText(value.date)) return { ok: false, message: dateTimeMessages.dateInvalid }
  if (!readTimeText(value.time)) return { ok: false, message: dateTimeMessages.timeInvalid }
  const instant = instantFromDateTimeText(value.date, value.time)
  return instant ? { ok: true, instant } : { ok: false, message: dateTimeMessages.dateInvalid }
}

type DateTimeFieldProps = {
  /** The question, e.g. "Data e horário da visita": the name of the group. */
  label: string
  /** Where the answer must lie, e.g. the offer's window. */
  hint?: string
  value: DateTimeText
  onChange: (value: DateTimeText) => void
  error?: string | undefined
}

/**
 * A date and a time of day, dd/mm/aaaa and hh:mm, side by side under one question (a group
 * named by it, so a screen reader says "Data e horário da visita, Data" then "Hora").
 */
export function DateTimeField({ label, hint, value, onChange, error }: DateTimeFieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = (own: string) => [hintId, own, errorId].filter(Boolean).join(' ')
  return (
    <fieldset className={styles.group}>
      <legend className={fieldStyles.label}>{label}</legend>
      {hint && (
        <span id={hintId} className={fieldStyles.hint}>
          {hint}
        </span>
      )}
      <div className={styles.row}>
        <div className={styles.part}>
          <label className={styles.partLabel} htmlFor={`${id}-date`}>
            Data
          </label>
          <input
            id={`${id}-date`}
            className={`${fieldStyles.input} ${styles.date}`}
            inputMode="numeric"
            autoComplete="off"
            placeholder={DATE_FORMAT_HINT}
            maxLength={10}
            value={value.date}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-date-format`)}
            onChange={(e) => onChange({ ...value, date: maskDate(e.target.value) })}
          />
          <span id={`${id}-date-format`} className={styles.format}>
            {DATE_FORMAT_HINT}
          </span>
        </div>
        <div className={styles.part}>
          <label className={styles.partLabel} htmlFor={`${id}-time`}>
            Hora
          </label>
          <input
            id={`${id}-time`}
            className={`${fieldStyles.input} ${styles.time}`}
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            maxLength={5}
            value={value.time}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-time-format`)}
            onChange={(e) => onChange({ ...value, time: maskTime(e.target.value) })}
          />
          <span id={`${id}-time-format`} className={styles.format}>
            {TIME_FORMAT_HINT}
          </span>
        </div>
      </div>
      {error && (
        <span id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}
