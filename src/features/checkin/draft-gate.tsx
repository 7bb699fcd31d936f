/** Renders a page's content once the report draft is on the device; loading / offline / error otherwise. */
import type { ReactNode } from 'react'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Skeleton } from '@/components/skeleton'
import type { ReportDraft } from '@/lib/visit-store/db'
import { useLostVisits } from '@/lib/visit-store/use-unsent-record'
import { checkinCopy as copy } from './checkin-copy'
import type { CheckinVisit } from './checkin-context'

export function DraftGate({
  visit,
  children,
}: {
  visit: CheckinVisit
  children: (draft: ReportDraft) => ReactNode
}) {
  const lost = useLostVisits(visit.task.id).lost.length > 0
  if (visit.draft) return children(visit.draft)
  const { error, retry } = visit.reportLoad
  // "Connect to the internet" only when there is no connection; a server failure or a slow
  // answer says what it is (LoadError) with the same retry.
  if (error && (!visit.online || (isApiError(error) && error.code === 'offline')))
    return (
      <Notice
        tone="warning"
        title={copy.offlineTitle}
        action={
          <Button variant="secondary" onClick={retry}>
            {copy.retry}
          </Button>
        }
      >
        {lost ? copy.reportLostOffline : copy.reportOffline}
      </Notice>
    )
  if (error) return <LoadError title={copy.reportLoadError} error={error} onRetry={retry} />
  return <Skeleton count={2} label={copy.needsReport} />
}
