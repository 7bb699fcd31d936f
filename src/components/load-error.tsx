import { apiErrorMessage } from '@/api/api-error'
import { Button } from './button'
import { Notice } from './notice'

/** A failed load: what happened in pt-BR and a retry. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string
  error: unknown
  onRetry: () => void
}) {
  return (
    <Notice
      tone="error"
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          Tentar de novo
        </Button>
      }
    >
      {apiErrorMessage(error)}
    </Notice>
  )
}
