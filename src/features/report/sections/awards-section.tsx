/**
 * Awards of the mission and the visit's nominations. A nomination (an attendant for an
 * award whose goal the score reaches) is queued in the outbox; a refusal stays there with
 * the server's message, to retry.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { AwardGiven, Mission, Report } from '@/api/entities'
import { Button } from '@/components/button'
import { SelectField } from '@/components/form-fields'
import { List, ListItem } from '@/components/list'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import { Badge, EmptyState } from '@/components/status'
import { AWARD_STATUS_LABEL, checkNomination } from '@/domain/awards'
import { myAwardsQueryOptions } from '@/features/wallet/api/wallet-queries'
import { formatMoney } from '@/lib/format'
import { queueWrite } from '@/lib/visit-store/store'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import { FailedWrite } from '@/components/visit/outbox-status'
import { draftScore } from '@/components/visit/report-content'
import { reportCopy as copy } from '@/components/visit/report-copy'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import styles from '@/features/report/report.module.css'

export function AwardsList({
  mission,
  given,
  attendants,
}: {
  mission: Mission
  given: readonly AwardGiven[]
  attendants: Report['attendants']
}) {
  return (
    <div className={styles.stack}>
      <List label={copy.sectionTitle.awards}>
        {mission.awards.map((award) => (
          <ListItem
            key={award.code}
            title={award.title}
            subtitle={copy.awardGoal(award.goal, formatMoney(award.prizeCents))}
          />
        ))}
      </List>
      <h2 className={styles.groupTitle}>{copy.nominations}</h2>
      {given.length === 0 ? (
        <EmptyState title={copy.noNominations} />
      ) : (
        <List label={copy.nominations}>
          {given.map((g) => (
            <ListItem
              key={g.id}
              title={mission.awards.find((a) => a.code === g.code)?.title ?? g.code}
              subtitle={attendants.find((a) => a.code === g.attendantCode)?.name ?? g.attendantCode}
              trailing={<Badge>{AWARD_STATUS_LABEL[g.status]}</Badge>}
            />
          ))}
        </List>
      )}
    </div>
  )
}

/** The nominations of one task (from the agent's awards). */
export function useTaskAwards(taskId: string) {
  const query = useQuery(myAwardsQueryOptions())
  return { query, given: (query.data?.items ?? []).filter((a) => a.taskId === taskId) }
}

export function AwardsSection({ data }: { data: VisitReport }) {
  const { task, mission, form, draft } = data
  const { given } = useTaskAwards(task.id)
  const summary = useOutboxSummary(task.id)
  const snackbar = useSnackbar()
  const queued = (summary?.items ?? []).flatMap((i) => (i.kind === 'award' ? [i] : []))
  // Nominations still waiting on the device. When one reaches the server, the sync loop
  // refreshes the awards (queriesChangedBy).
  const waitingCount = queued.filter((i) => i.state === 'pending').length
  const [code, setCode] = useState(mission.awards[0]?.code ?? '')
  const [attendantCode, setAttendantCode] = useState(draft.attendants[0]?.code ?? '')
  const [error, setError] = useState<string>()
  const score = draftScore(form, draft)

  async function nominate(event: FormEvent) {
    event.preventDefault()
    const award = mission.awards.find((a) => a.code === code)
    if (!award) return
    if (!draft.attendants.some((a) => a.code === attendantCode))
      return setError(copy.chooseAttendant)
    const already =
      given.some((g) => g.code === code && g.status !== 'rejected') ||
      queued.some((q) => q.input.code === code)
    const refusal = checkNomination(score, award, already)
    if (refusal) return setError(refusal.message)
    setError(undefined)
    await queueWrite({
      kind: 'award',
      taskId: task.id,
      input: { code, taskId: task.id, attendantCode },
    })
    snackbar(copy.nominationQueued)
  }

  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{copy.awardsBody}</p>
      <AwardsList mission={mission} given={given} attendants={draft.attendants} />
      {waitingCount > 0 && <Notice tone="info">{copy.nominationsQueued(waitingCount)}</Notice>}
      {queued
        .filter((i) => i.state === 'failed')
        .map((item) => (
          <FailedWrite key={item.id} item={item} />
        ))}
      {mission.awards.length > 0 &&
        (draft.attendants.length === 0 ? (
          <Notice tone="info">{copy.addAttendantFirst}</Notice>
        ) : (
          <form className={styles.form} onSubmit={(e) => void nominate(e)} noValidate>
            <SelectField label={copy.award} value={code} onChange={(e) => setCode(e.target.value)}>
              {mission.awards.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={copy.attendant}
              value={attendantCode}
              error={error}
              onChange={(e) => setAttendantCode(e.target.value)}
            >
              {draft.attendants.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.name}
                </option>
              ))}
            </SelectField>
            <Button type="submit">{copy.nominate}</Button>
          </form>
        ))}
    </div>
  )
}
