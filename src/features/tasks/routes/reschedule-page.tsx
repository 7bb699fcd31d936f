import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Task } from '@/api/entities'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { DateTimeField, readDateTimeField, type DateTimeText } from '@/components/date-field'
import { appNow } from '@/lib/clock'
import { allowedEvents, machineStateOf, transition } from '@/domain/task-state-machine'
import {
  dateTimeTextAt,
  formatVisitTime,
  fromLocalInputValue,
  localInputBounds,
} from '@/lib/sao-paulo-time'
import { rescheduleTask, taskKeys, taskQueryOptions } from '../api/task-queries'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { taskCopy as copy } from '../copy'
import { TaskQueryState } from './task-query-state'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

export function ReschedulePage() {
  const { slug = '' } = useParams()
  const query = useQuery(taskQueryOptions(slug))
  const task = query.data
  if (!task)
    return (
      <Page title={copy.rescheduleTitle} backTo="/tasks">
        <TaskQueryState query={query} />
      </Page>
    )
  return (
    <Page title={copy.rescheduleTitle} backTo={pathTo('/tasks/:slug', { slug: task.slug })}>
      <RescheduleForm task={task} />
    </Page>
  )
}

/** A new date between now and the deadline (São Paulo time), checked by the state machine first. */
function RescheduleForm({ task }: { task: Task }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const idempotency = useIdempotencyKey()
  const [openedAt] = useState(() => appNow())
  const [value, setValue] = useState<DateTimeText>(() => dateTimeTextAt(task.scheduledFor))
  const [fieldError, setFieldError] = useState<string>()

  const reschedule = useMutation({
    mutationFn: (scheduledFor: string) =>
      rescheduleTask(task.id, scheduledFor, idempotency.keyFor({ id: task.id, scheduledFor })),
    onSuccess: async (updated) => {
      await queryClient.invalidateQueries({ queryKey: taskKeys.all })
      snackbar(copy.rescheduled, { onNextScreen: true })
      navigate(pathTo('/tasks/:slug', { slug: updated.slug }))
    },
    onError: (error) => {
      idempotency.settle(error)
      if (isApiError(error) && error.code === 'date_outside_window') setFieldError(error.message)
    },
  })

  if (!allowedEvents(machineStateOf(task), 'agent', openedAt).includes('reschedule'))
    return (
      <Notice
        tone="warning"
        title={copy.rescheduleNotAllowed}
        action={
          <ButtonLink to={pathTo('/tasks/:slug', { slug: task.slug })} variant="secondary">
            {copy.backToTask}
          </ButtonLink>
        }
      />
    )

  const bounds = localInputBounds(openedAt, task.deadline)

  function submit(event: FormEvent) {
    event.preventDefault()
    const read = readDateTimeField(value, copy.rescheduleMissing)
    if (!read.ok) {
      setFieldError(read.message)
      return
    }
    const scheduledFor = read.instant
    const result = transition(machineStateOf(task), { type: 'reschedule', scheduledFor }, appNow())
    if (!result.ok) {
      setFieldError(result.refusal.message)
      return
    }
    setFieldError(undefined)
    reschedule.mutate(scheduledFor)
  }

  const generalError =
    reschedule.isError &&
    !(isApiError(reschedule.error) && reschedule.error.code === 'date_outside_window')
      ? reschedule.error
      : null

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>{copy.rescheduleCurrent(formatVisitTime(task.scheduledFor))}</p>
      <DateTimeField
        label={copy.rescheduleLabel}
        hint={copy.rescheduleHint(
          formatVisitTime(fromLocalInputValue(bounds.min) ?? openedAt),
          formatVisitTime(fromLocalInputValue(bounds.max) ?? task.deadline),
        )}
        value={value}
        error={fieldError}
        onChange={(next) => {
          setValue(next)
          if (fieldError) setFieldError(undefined)
        }}
      />
      {generalError && (
        <Notice tone="error" title={copy.rescheduleError}>
          {apiErrorMessage(generalError)}
        </Notice>
      )}
      <Button type="submit" block busy={reschedule.isPending}>
        {copy.rescheduleSubmit}
      </Button>
    </form>
  )
}
