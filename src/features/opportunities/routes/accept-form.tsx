import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Opportunity } from '@/api/entities'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import { DateTimeField, readDateTimeField, type DateTimeText } from '@/components/date-field'
import { checkAccept } from '@/domain/opportunity'
import { appNow } from '@/lib/clock'
import { meQueryKey } from '@/features/account/api/me-query'
import { formatVisitTime, fromLocalInputValue, localInputBounds } from '@/lib/sao-paulo-time'
import { taskKeys } from '@/features/tasks/api/task-queries'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { acceptOpportunity, opportunityKeys } from '../api/opportunity-queries'
import { opportunityCopy as copy } from '../copy'
import styles from './opportunities.module.css'
import { pathTo } from '@/lib/route-patterns'

/** Accept with a date and time inside the offer's window (São Paulo time), checked before sending. */
export function AcceptForm({ offer, now }: { offer: Opportunity; now: number }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const idempotency = useIdempotencyKey()
  const [value, setValue] = useState<DateTimeText>({ date: '', time: '' })
  const [fieldError, setFieldError] = useState<string>()

  const from = Math.max(Date.parse(offer.task.window.from), now)
  const bounds = localInputBounds(from, offer.task.window.to)

  const accept = useMutation({
    mutationFn: (scheduledFor: string) =>
      acceptOpportunity(
        offer.taskId,
        scheduledFor,
        idempotency.keyFor({ taskId: offer.taskId, scheduledFor }),
      ),
    onSuccess: async (task) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
        queryClient.invalidateQueries({ queryKey: taskKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ])
      snackbar(copy.accepted, { onNextScreen: true })
      navigate(pathTo('/tasks/:slug', { slug: task.slug }))
    },
    onError: (error) => {
      idempotency.settle(error)
      // A date the server finds outside the window belongs next to the field.
      if (isApiError(error) && error.code === 'date_outside_window') setFieldError(error.message)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const read = readDateTimeField(value, copy.acceptDateMissing)
    if (!read.ok) {
      setFieldError(read.message)
      return
    }
    const scheduledFor = read.instant
    const refusal = checkAccept(offer, scheduledFor, appNow())
    if (refusal) {
      setFieldError(refusal.message)
      return
    }
    setFieldError(undefined)
    accept.mutate(scheduledFor)
  }

  const generalError =
    accept.isError && !(isApiError(accept.error) && accept.error.code === 'date_outside_window')
      ? accept.error
      : null

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <DateTimeField
        label={copy.acceptDateLabel}
        hint={copy.acceptDateHint(
          formatVisitTime(fromLocalInputValue(bounds.min) ?? from),
          formatVisitTime(fromLocalInputValue(bounds.max) ?? offer.task.window.to),
        )}
        value={value}
        error={fieldError}
        onChange={(next) => {
          setValue(next)
          if (fieldError) setFieldError(undefined)
        }}
      />
      {generalError && (
        <Notice tone="error" title={copy.acceptError}>
          {apiErrorMessage(generalError)}
        </Notice>
      )}
      <Button type="submit" block busy={accept.isPending}>
        {copy.acceptSubmit}
      </Button>
    </form>
  )
}
