import { useEffect, useRef } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router-dom'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { useSnackbar } from '@/components/snackbar'
import { systemCopy as copy } from '../copy'
import { eventTarget } from '../event-links'

/** `/event/:domain?…` → the screen it names (replacing this entry); unknown → home with a snackbar. */
export function EventDispatcherPage() {
  const { domain = '' } = useParams()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const target = eventTarget(domain, params)
  const handled = useRef<string | null>(null)
  const key = `${domain}?${params.toString()}`

  useEffect(() => {
    if (handled.current === key) return
    handled.current = key
    if (target === null) snackbar(copy.unknownLink, { onNextScreen: true })
    void navigate(target ?? '/', { replace: true })
  }, [key, target, navigate, snackbar])

  return (
    <Page title={copy.openingTitle}>
      <Skeleton label={copy.opening} count={2} />
    </Page>
  )
}
