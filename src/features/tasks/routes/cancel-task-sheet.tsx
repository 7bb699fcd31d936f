import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Task } from '@/api/entities'
import { Button } from '@/components/button'
import { TextAreaField } from '@/components/form-fields'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import { JUSTIFICATION_MAX_CHARS } from '@/domain/constants'
import { countChars, justificationSchema } from '@/domain/text-limits'
import { meQueryKey } from '@/features/account/api/me-query'
import { cancelTask, taskKeys } from '../api/task-queries'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { taskCopy as copy } from '../copy'
import styles from './tasks.module.css'

/** Cancel with a 50–1000 character justification; what was typed stays on any error. */
export function CancelTaskSheet({
  task,
  open,
  onClose,
}: {
  task: Task
  open: boolean
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const idempotency = useIdempotencyKey()
  const [text, setText] = useState('')
  const [fieldError, setFieldError] = useState<string>()

  const cancel = useMutation({
    mutationFn: (justification: string) =>
      cancelTask(task.id, justification, idempotency.keyFor({ id: task.id, justification })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ])
      snackbar(copy.canceled)
      setText('')
      onClose()
    },
    onError: (error) => {
      idempotency.settle(error)
      const message = isApiError(error) ? error.fieldErrors.justification : undefined
      if (message) setFieldError(message)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = justificationSchema.safeParse(text)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message)
      return
    }
    setFieldError(undefined)
    cancel.mutate(parsed.data)
  }

  const count = countChars(text.trim())
  const generalError =
    cancel.isError && !(isApiError(cancel.error) && cancel.error.fieldErrors.justification)
      ? cancel.error
      : null

  return (
    <Sheet open={open} title={copy.cancelSheetTitle} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <p>{copy.cancelLead}</p>
        <TextAreaField
          label={copy.justificationLabel}
          hint={
            <span className={styles.counter}>
              <span aria-hidden="true">{copy.charCount(count, JUSTIFICATION_MAX_CHARS)}</span>
              <span className="visually-hidden">
                {copy.charCountLabel(count, JUSTIFICATION_MAX_CHARS)}
              </span>
            </span>
          }
          rows={6}
          value={text}
          error={fieldError}
          onChange={(e) => {
            setText(e.target.value)
            if (fieldError) setFieldError(undefined)
          }}
        />
        {generalError && (
          <Notice tone="error" title={copy.cancelError}>
            {apiErrorMessage(generalError)}
          </Notice>
        )}
        <Button type="submit" variant="danger" block busy={cancel.isPending}>
          {copy.cancelSubmit}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {copy.cancelKeep}
        </Button>
      </form>
    </Sheet>
  )
}
