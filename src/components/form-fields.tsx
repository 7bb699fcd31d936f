/** Textarea and select with the same label / hint / error wiring as TextField. */
import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import styles from './text-field.module.css'

type FieldChrome = { label: ReactNode; hint?: ReactNode; error?: string | undefined }

function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return {
    id,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  }
}

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldChrome
>(function TextAreaField({ label, hint, error, ...rest }, ref) {
  const ids = useFieldIds(hint, error)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <textarea
        {...rest}
        ref={ref}
        id={ids.id}
        className={styles.input}
        rows={rest.rows ?? 4}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      {error && (
        <span id={ids.errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  )
})

export const SelectField = forwardRef<
  HTMLSelectElement,
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldChrome
>(function SelectField({ label, hint, error, children, ...rest }, ref) {
  const ids = useFieldIds(hint, error)
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      {hint && (
        <span id={ids.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <select
        {...rest}
        ref={ref}
        id={ids.id}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      >
        {children}
      </select>
      {error && (
        <span id={ids.errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  )
})
