/** `control` (index of the check-in shell): elapsed time, what is still missing, check-out. */
import { Link } from 'react-router-dom'
import { Page } from '@/components/page'
import { missingSummary, type SectionCompleteness } from '@/domain/report-completeness'
import { elapsedSeconds, formatElapsed, remainingSeconds } from '@/domain/visit-timer'
import { formatWhen } from '@/lib/format-when'
import { useTaskMedia } from '@/lib/visit-store/hooks'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit, type CheckinVisit } from './checkin-context'
import { CheckoutButton } from './checkout-button'
import { DraftGate } from './draft-gate'
import { FailedWrites, ServerWaitNotice } from '@/features/visit/outbox-status'
import { useOutboxItem } from '@/features/visit/use-outbox-item'
import { useNow } from '@/lib/use-now'
import { visitCompleteness } from './visit-completeness'
import { REPORT_PARTS } from '@/features/report/parts/parts'
import type { ReportPart } from '@/features/report/parts/part'
import { pathTo } from '@/lib/route-patterns'
import styles from './checkin.module.css'

// The timeout page checks out the same way: one chunk for both (checkin-routes.tsx).
export { TimeoutPage } from './timeout-page'

export function ControlPage() {
  const visit = useCheckinVisit()
  const now = useNow()
  const checkin = visit.localVisit.checkin
  // Said until it is sent, unless the server refused it (its refusal says so below).
  const checkinWrite = useOutboxItem(visit.task.id, (i) => i.kind === 'checkin')
  const checkinWaiting = checkin && !checkin.synced && checkinWrite.status !== 'failed'

  return (
    <Page title={copy.controlTitle}>
      {checkin && (
        <section className={styles.card} aria-labelledby="visit-time">
          <h2 id="visit-time" className={styles.cardTitle}>
            {copy.elapsedLabel}
          </h2>
          <p className={styles.bigTime}>{formatElapsed(elapsedSeconds(checkin.at, now))}</p>
          <p className={styles.muted}>
            {copy.checkedInAt(formatWhen(checkin.at))} ·{' '}
            {copy.maxDuration(visit.mission.visitMaxMinutes)}
          </p>
          <p className={styles.muted}>
            {copy.remaining(
              Math.ceil(remainingSeconds(checkin.at, visit.mission.visitMaxMinutes, now) / 60),
            )}
          </p>
          {checkinWaiting && <p className={styles.muted}>{copy.checkinWaiting}</p>}
        </section>
      )}
      <ServerWaitNotice outbox={visit.outbox} />
      <FailedWrites outbox={visit.outbox} />
      <DraftGate visit={visit}>{() => <MissingAndCheckout visit={visit} />}</DraftGate>
    </Page>
  )
}

function MissingAndCheckout({ visit }: { visit: CheckinVisit }) {
  const media = useTaskMedia(visit.task.id)
  const sections = visit.draft
    ? visitCompleteness(visit.draft, visit.mission, media ?? [], visit.serverReport)
    : []
  const missing = sections.flatMap((s) => s.missing)

  return (
    <>
      <section className={styles.card} aria-labelledby="visit-missing">
        <h2 id="visit-missing" className={styles.cardTitle}>
          {copy.missingTitle}
        </h2>
        {missing.length === 0 ? (
          <p className={styles.status}>{copy.nothingMissing}</p>
        ) : (
          <MissingList sections={sections} visit={visit} />
        )}
      </section>
      <CheckoutButton visit={visit} sections={sections} stayLabel={copy.keepVisiting} />
    </>
  )
}

function MissingList({
  sections,
  visit,
}: {
  sections: SectionCompleteness[]
  visit: CheckinVisit
}) {
  return (
    <ul className={styles.missingList}>
      {sections
        .filter((s) => !s.complete)
        .map((s) => {
          // Its page in the shell when it has one (the others are completed in the report).
          const part: ReportPart = REPORT_PARTS[s.section]
          const page = part.checkinPage
          return (
            <li key={s.section} className={styles.missingItem}>
              <span>{missingSummary(s.missing)}</span>
              {page ? (
                <Link
                  to={pathTo('/tasks/:slug/checkin/:part', { slug: visit.slug, part: page.path })}
                >
                  {copy.goTo(part.title)}
                </Link>
              ) : (
                <span className={styles.muted}>{copy.missingLaterHint}</span>
              )}
            </li>
          )
        })}
    </ul>
  )
}
