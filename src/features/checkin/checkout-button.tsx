/**
 * "Fazer check-out", on the control page and on the timeout page alike: with something still
 * missing, a sheet says what first ("Fazer check-out mesmo assim"); with nothing missing, the
 * check-out is recorded at once, through the store (`recordCheckout`), and the next page opens:
 * the chat, or with no connection the offline check-out's page.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { missingSummary, type SectionCompleteness } from '@/domain/report-completeness'
import { appDate } from '@/lib/clock'
import { isOnline } from '@/lib/connectivity'
import { pathTo } from '@/lib/route-patterns'
import { recordCheckout } from '@/lib/visit-store/store'
import { checkedOutState } from '@/features/visit/checked-out'
import { checkinCopy as copy } from './checkin-copy'
import type { CheckinVisit } from './checkin-context'
import { AFTER_VISIT_PAGE } from './shell-rules'
import styles from './checkin.module.css'

export function CheckoutButton({
  visit,
  sections,
  stayLabel,
  waiting = false,
}: {
  visit: CheckinVisit
  /** The visit's sections and what each still misses ([] when unknown: no sheet). */
  sections: SectionCompleteness[]
  /** The sheet's way back: go on with the visit, or (timed out) just close it. */
  stayLabel: string
  /** What is missing is not known yet (the draft is on its way): the button waits. */
  waiting?: boolean
}) {
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const incomplete = sections.filter((s) => !s.complete)

  async function checkout() {
    setBusy(true)
    setFailed(false)
    // Before the write: the shell may read the visit checked out before the write returns.
    visit.setLeaving(true)
    const offline = !isOnline()
    const at = appDate().toISOString()
    try {
      // Kept on the device and queued, as the check-in step records the check-in.
      await recordCheckout(visit.task, offline, at)
    } catch {
      visit.setLeaving(false)
      setFailed(true)
      setBusy(false)
      return
    }
    // `busy` stays: the page is left. Online, the chat opens saying the check-out was
    // registered (and when); offline, its page says it is kept and follows it.
    navigate(
      offline
        ? `${visit.basePath}/${AFTER_VISIT_PAGE}`
        : pathTo('/tasks/:slug/form', { slug: visit.task.slug }),
      { replace: true, state: checkedOutState(at) },
    )
  }

  return (
    <>
      {failed && <Notice tone="error">{copy.checkoutError}</Notice>}
      <Button
        block
        busy={busy || waiting}
        onClick={() => (incomplete.length > 0 ? setConfirming(true) : void checkout())}
      >
        {copy.checkoutButton}
      </Button>
      <Sheet open={confirming} title={copy.checkoutSheetTitle} onClose={() => setConfirming(false)}>
        <div className={styles.stack}>
          <p>{copy.checkoutSheetIntro}</p>
          <ul className={styles.bullets}>
            {incomplete.map((s) => (
              <li key={s.section}>{missingSummary(s.missing)}</li>
            ))}
          </ul>
          <p className={styles.muted}>{copy.checkoutSheetHint}</p>
          <Button
            block
            busy={busy}
            onClick={() => {
              setConfirming(false)
              void checkout()
            }}
          >
            {copy.checkoutAnyway}
          </Button>
          <Button block variant="secondary" onClick={() => setConfirming(false)}>
            {stayLabel}
          </Button>
        </div>
      </Sheet>
    </>
  )
}
