/** `timeout`: the visit reached `visitMaxMinutes`; the only way on is the check-out. */
import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { FailedWrites } from '@/components/visit/outbox-status'

export function TimeoutPage() {
  const visit = useCheckinVisit()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)

  async function checkout() {
    setBusy(true)
    setFailed(false)
    try {
      await visit.checkout()
    } catch {
      setFailed(true)
      setBusy(false)
    }
  }

  return (
    <Page title={copy.timeoutTitle}>
      <Notice tone="warning" title={copy.timeoutNotice}>
        {copy.timeoutBody(visit.mission.visitMaxMinutes)}
      </Notice>
      <FailedWrites outbox={visit.outbox} />
      {failed && <Notice tone="error">{copy.checkoutError}</Notice>}
      <Button block busy={busy} onClick={() => void checkout()}>
        {copy.checkoutButton}
      </Button>
    </Page>
  )
}
