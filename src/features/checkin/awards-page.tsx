/**
 * `awards`: for each award of the mission, the visit's current score (computed from the
 * device's answers) against its goal; at or above the goal the agent nominates an
 * attendant. The nomination is queued on the device; when the server refuses it, the award
 * save failure message keeps it for a retry.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { AwardDefinition, AwardGiven, EvaluationForm } from '@/api/entities'
import { Button } from '@/components/button'
import { SelectField } from '@/components/form-fields'
import { Notice } from '@/components/notice'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { AWARD_STATUS_LABEL, canNominate } from '@/domain/awards'
import { answersById, computeScore } from '@/domain/questionnaire'
import { myAwardsQueryOptions } from '@/features/wallet/api/wallet-queries'
import { formatMoney, formatScore } from '@/lib/format'
import type { OutboxItem, ReportDraft } from '@/lib/visit-store/db'
import { queueWrite } from '@/lib/visit-store/store'
import { outboxCopy } from '@/features/report/api/outbox-copy'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit, type CheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'
import { discardOutboxItem, retryOutboxItem } from '@/lib/visit-store/store'
import styles from './checkin.module.css'

type AwardItem = Extract<OutboxItem, { kind: 'award' }>

export function AwardsPage() {
  const visit = useCheckinVisit()
  // When a nomination reaches the server, the sync loop refreshes the awards (queriesChangedBy).
  const given = useQuery(myAwardsQueryOptions())
  const queued = (visit.outbox?.items ?? []).filter((i): i is AwardItem => i.kind === 'award')

  return (
    <Page title={copy.awardsTitle}>
      {/* Without the nominations already sent the cards cannot say "indicado": say so. */}
      {given.isError && !given.data && visit.mission.awards.length > 0 && (
        <LoadError
          title={copy.givenAwardsLoadError}
          error={given.error}
          onRetry={() => void given.refetch()}
        />
      )}
      {visit.mission.awards.length === 0 ? (
        <EmptyState title={copy.awardsEmpty} />
      ) : (
        <DraftGate visit={visit}>
          {(draft) =>
            visit.mission.awards.map((award) => (
              <AwardCard
                key={award.code}
                award={award}
                draft={draft}
                visit={visit}
                form={visit.form}
                queued={queued.filter((i) => i.input.code === award.code).at(-1)}
                given={given.data?.items.find(
                  (a) =>
                    a.taskId === visit.task.id && a.code === award.code && a.status !== 'rejected',
                )}
              />
            ))
          }
        </DraftGate>
      )}
    </Page>
  )
}

function AwardCard({
  award,
  draft,
  visit,
  form,
  queued,
  given,
}: {
  award: AwardDefinition
  draft: ReportDraft
  visit: CheckinVisit
  form: EvaluationForm | undefined
  queued: AwardItem | undefined
  given: AwardGiven | undefined
}) {
  const headingId = useId()
  const [attendantCode, setAttendantCode] = useState('')
  const [choiceError, setChoiceError] = useState<string>()
  const [nominated, setNominated] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const score = form ? computeScore(form, answersById(draft.answers)) : undefined
  const nameOf = (code: string) => draft.attendants.find((a) => a.code === code)?.name ?? code

  async function nominate(event: FormEvent) {
    event.preventDefault()
    if (!attendantCode) {
      setChoiceError(copy.chooseAttendant)
      return
    }
    setChoiceError(undefined)
    setBusy(true)
    try {
      await queueWrite({
        kind: 'award',
        taskId: visit.task.id,
        input: { code: award.code, taskId: visit.task.id, attendantCode },
      })
      setNominated(attendantCode)
    } finally {
      setBusy(false)
    }
  }

  let body: ReactNode
  if (given)
    body = (
      <p className={styles.status}>
        {copy.nominationSent(given.attendantName, AWARD_STATUS_LABEL[given.status])}
      </p>
    )
  else if (queued?.state === 'failed')
    body = (
      <Notice
        tone="error"
        title={outboxCopy.awardRefused}
        action={
          <div className={styles.itemActions}>
            <Button variant="secondary" onClick={() => void retryOutboxItem(queued)}>
              {copy.retry}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                setNominated(null)
                void discardOutboxItem(queued)
              }}
            >
              {copy.discard}
            </Button>
          </div>
        }
      >
        <p>
          {copy.nominee}: {nameOf(queued.input.attendantCode)}
        </p>
        {queued.lastError?.message && <p>{queued.lastError.message}</p>}
      </Notice>
    )
  else if (queued || nominated)
    body = (
      <p className={styles.status}>
        {copy.nominationWaiting(nameOf(queued?.input.attendantCode ?? nominated ?? ''))}
      </p>
    )
  else if (score === undefined) body = <p className={styles.muted}>{copy.scoreLoading}</p>
  else if (!canNominate(score, award))
    body = (
      <>
        <p>{copy.belowGoal(formatScore(score), award.goal)}</p>
        <p className={styles.muted}>{copy.belowGoalHint}</p>
      </>
    )
  else if (draft.attendants.length === 0)
    body = (
      <p>
        {copy.needAttendant} <Link to={`${visit.basePath}/attendants`}>{copy.goToAttendants}</Link>
      </p>
    )
  else
    body = (
      <form className={styles.stack} onSubmit={(e) => void nominate(e)} noValidate>
        <SelectField
          label={copy.nominee}
          value={attendantCode}
          error={choiceError}
          onChange={(e) => setAttendantCode(e.target.value)}
        >
          <option value="">{copy.chooseAttendant}</option>
          {draft.attendants.map((a) => (
            <option key={a.code} value={a.code}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy}>
          {copy.nominate}
        </Button>
      </form>
    )

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {award.title}
      </h2>
      <p className={styles.muted}>{award.criteria}</p>
      <p className={styles.muted}>{copy.awardPrize(formatMoney(award.prizeCents))}</p>
      {score !== undefined && (
        <p className={styles.muted}>{copy.awardGoal(formatScore(score), award.goal)}</p>
      )}
      {body}
    </section>
  )
}
