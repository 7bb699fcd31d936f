/**
 * "Fazer check-out", on the control page and on the timeout page alike: with something still
 * missing, a sheet says what first ("Fazer check-out mesmo assim"); with nothing missing, the
 * check-out is recorded at once.
 */
import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { missingSummary, type SectionCompleteness } from '@/domain/report-completeness'
import { checkinCopy as copy } from './checkin-copy'
import type { CheckinVisit } from './checkin-context'
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
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const incomplete = sections.filter((s) => !s.complete)

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
