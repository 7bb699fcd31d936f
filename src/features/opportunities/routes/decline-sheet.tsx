import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { apiErrorMessage } from '@/api/api-error'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import { Chip, Chips } from '@/components/status'
import { TextField } from '@/components/text-field'
import { meQueryKey } from '@/features/account/api/me-query'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { hasVisibleText } from '@/domain/text-hygiene'
import { declineOpportunity, opportunityKeys } from '../api/opportunity-queries'
import { opportunityCopy as copy } from '../copy'
import styles from './opportunities.module.css'

type ReasonKey = keyof typeof copy.declineReasons

const REASON_KEYS = Object.keys(copy.declineReasons) as ReasonKey[]

/** Declining asks for a reason (a common one, or the agent's own words), then goes back to the list. */
export function DeclineSheet({
  taskId,
  open,
  onClose,
}: {
  taskId: string
  open: boolean
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const idempotency = useIdempotencyKey()
  const errorId = useId()
  const [choice, setChoice] = useState<ReasonKey | null>(null)
  const [otherText, setOtherText] = useState('')
  const [errors, setErrors] = useState<{ choice?: string; other?: string }>({})

  const decline = useMutation({
    mutationFn: (reason: string) =>
      declineOpportunity(taskId, reason, idempotency.keyFor({ taskId, reason })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: opportunityKeys.all }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ])
      snackbar(copy.declined, { onNextScreen: true })
      navigate('/oppy')
    },
    onError: idempotency.settle,
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!choice) {
      setErrors({ choice: copy.declineChooseReason })
      return
    }
    const reason = choice === 'other' ? otherText.trim() : copy.declineReasons[choice]
    if (!hasVisibleText(reason)) {
      setErrors({ other: copy.declineDescribeReason })
      return
    }
    setErrors({})
    decline.mutate(reason)
  }

  return (
    <Sheet open={open} title={copy.declineSheetTitle} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.section}>
          <p aria-hidden="true">{copy.declineQuestion}</p>
          <Chips label={copy.declineQuestion}>
            {REASON_KEYS.map((key) => (
              <Chip
                key={key}
                pressed={choice === key}
                onToggle={() => {
                  setChoice(choice === key ? null : key)
                  setErrors({})
                }}
              >
                {copy.declineReasons[key]}
              </Chip>
            ))}
          </Chips>
          {errors.choice && (
            <p id={errorId} className={styles.fieldError} role="alert">
              {errors.choice}
            </p>
          )}
        </div>
        {choice === 'other' && (
          <TextField
            label={copy.declineOtherLabel}
            value={otherText}
            maxLength={300}
            error={errors.other}
            onChange={(e) => {
              setOtherText(e.target.value)
              if (errors.other) setErrors({})
            }}
          />
        )}
        {decline.isError && (
          <Notice tone="error" title={copy.declineError}>
            {apiErrorMessage(decline.error)}
          </Notice>
        )}
        <Button type="submit" variant="danger" block busy={decline.isPending}>
          {copy.declineSubmit}
        </Button>
        <Button variant="ghost" block onClick={onClose}>
          {copy.declineCancel}
        </Button>
      </form>
    </Sheet>
  )
}
