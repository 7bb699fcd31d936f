import { apiErrorMessage, isApiError } from '@/api/api-error'
import { Button } from './button'
import { Notice } from './notice'

/**
 * A failed load: what happened in pt-BR and a retry. `stale`: the screen still shows what it
 * loaded before (kept on the phone, or an earlier answer) and only the refresh failed — a
 * quiet warning over the data, not an error in its place.
 */
export function LoadError({
  title,
  error,
  onRetry,
  stale = false,
}: {
  title: string
  error: unknown
  onRetry: () => void
  stale?: boolean
}) {
  const retry = (
    <Button variant="secondary" onClick={onRetry}>
      Tentar de novo
    </Button>
  )
  if (stale)
    return (
      <Notice tone="warning" action={retry}>
        {isApiError(error) && (error.code === 'offline' || error.code === 'timeout')
          ? 'Sem conexão: você está vendo o que foi carregado por último.'
          : 'Não foi possível atualizar: você está vendo o que foi carregado por último.'}
      </Notice>
    )
  return (
    <Notice tone="error" title={title} action={retry}>
      {apiErrorMessage(error)}
    </Notice>
  )
}
