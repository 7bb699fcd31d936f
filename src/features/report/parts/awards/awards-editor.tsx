/**
 * Awards of the mission and the visit's nominations, attendants by name. A nomination (an
 * attendant for an award whose goal the score reaches) is queued in the outbox; one the
 * server refused is said as refused with the server's reason and what to do (its fix, or a
 * retry when one can help), and its award is not offered again meanwhile.
 */
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { AwardGiven, Mission } from '@/api/entities'
import { Button } from '@/components/button'
import { SelectField } from '@/components/form-fields'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import { Badge, EmptyState } from '@/components/status'
import { AWARD_STATUS_LABEL, checkNomination } from '@/domain/awards'
import { myAwardsQueryOptions } from '@/features/wallet/api/wallet-queries'
import { formatMoney } from '@/lib/format'
import { queueWrite } from '@/lib/visit-store/store'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import { visitNominations } from './nominations'
import { RefusedNomination } from './refused-nomination'
import { draftScore } from '@/features/visit/draft-content'
import { visitCopy } from '@/features/visit/visit-copy'
import { awardsCopy } from './awards-copy'
import type { PartVisit } from '../part'
import styles from '@/features/report/report.module.css'

/** The awards and the visit's nominations, as the submitted report lists them. */
export function AwardsView({ mission, given }: { mission: Mission; given: readonly AwardGiven[] }) {
  return (
    <div className={styles.stack}>
      <List label={awardsCopy.awardsList}>
        {mission.awards.map((award) => (
          <ListItem
            key={award.code}
            title={award.title}
            subtitle={awardsCopy.awardGoal(award.goal, formatMoney(award.prizeCents))}
          />
        ))}
      </List>
      <h2 className={styles.groupTitle}>{awardsCopy.nominations}</h2>
      {given.length === 0 ? (
        <EmptyState title={awardsCopy.noNominations} />
      ) : (
        <List label={awardsCopy.nominations}>
          {given.map((g) => (
            <ListItem
              key={g.id}
              title={mission.awards.find((a) => a.code === g.code)?.title ?? awardsCopy.awardGone}
              subtitle={g.attendantName}
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

/**
 * The awards part, on the check-in's page and in the report alike: the visit's score (the
 * domain's `computeScore` over the draft's answers, `draftScore`), the awards and the
 * nominations; a nomination (an attendant for an award whose goal the score reaches) is queued
 * in the outbox; one the server refused is said as refused with what to do (`FailedWrite`), and
 * its award is not offered again meanwhile.
 */
export function AwardsEditor({ visit }: { visit: PartVisit }) {
  const { task, mission, form, draft, serverReport } = visit
  const awardsQuery = useQuery(myAwardsQueryOptions())
  const given = (awardsQuery.data?.items ?? []).filter((a) => a.taskId === task.id)
  const summary = useOutboxSummary(task.id)
  const snackbar = useSnackbar()
  // When a waiting nomination reaches the server, the sync loop refreshes the awards and the
  // report (queriesChangedBy).
  const nominations = visitNominations({
    taskId: task.id,
    reportAwardIds: serverReport?.awards ?? [],
    given,
    items: summary?.items,
  })
  // An award with a nomination (sent, waiting or refused) is not offered again.
  const open = mission.awards.filter((a) => !nominations.taken.has(a.code))
  const [chosen, setCode] = useState(open[0]?.code ?? '')
  const code = open.some((a) => a.code === chosen) ? chosen : (open[0]?.code ?? '')
  // Like the award: the one chosen while it is still there, else the first (an attendant
  // registered after this opened, or the chosen one removed, is never a hidden empty choice).
  const [chosenAttendant, setAttendantCode] = useState(draft.attendants[0]?.code ?? '')
  const attendantCode = draft.attendants.some((a) => a.code === chosenAttendant)
    ? chosenAttendant
    : (draft.attendants[0]?.code ?? '')
  const [error, setError] = useState<string>()
  // No score before the form is on the device (the check-in can start without it).
  const score = form ? draftScore(form, draft) : undefined

  async function nominate(event: FormEvent) {
    event.preventDefault()
    const award = mission.awards.find((a) => a.code === code)
    if (!award) return
    if (!draft.attendants.some((a) => a.code === attendantCode))
      return setError(awardsCopy.chooseAttendant)
    if (score === undefined) return
    const refusal = checkNomination(score, award, nominations.taken.has(code))
    if (refusal) return setError(refusal.message)
    setError(undefined)
    await queueWrite({
      kind: 'award',
      taskId: task.id,
      input: { code, taskId: task.id, attendantCode },
    })
    snackbar(awardsCopy.nominationQueued)
  }

  if (mission.awards.length === 0) return <EmptyState title={awardsCopy.awardsEmpty} />
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{awardsCopy.awardsBody}</p>
      <p className={styles.score}>
        <span>{visitCopy.score}</span>
        <strong>
          {score === undefined ? awardsCopy.scoreLoading : visitCopy.scoreValue(score)}
        </strong>
      </p>
      {/* Without the nominations already sent, an award could be offered twice: say so. */}
      {awardsQuery.isError && !awardsQuery.data && (
        <LoadError
          title={awardsCopy.givenAwardsLoadError}
          error={awardsQuery.error}
          onRetry={() => void awardsQuery.refetch()}
        />
      )}
      <AwardsView mission={mission} given={given} />
      {nominations.waiting.length > 0 && (
        <Notice tone="info">{awardsCopy.nominationsQueued(nominations.waiting.length)}</Notice>
      )}
      {nominations.refused.map((item) => (
        <RefusedNomination
          key={item.id}
          item={item}
          mission={mission}
          attendants={draft.attendants}
        />
      ))}
      {/* Until the device's queue and the agent's nominations are read, an award nominated
          already (sent, waiting or refused) would be offered again. */}
      {open.length > 0 &&
        !nominations.checking &&
        !awardsQuery.isPending &&
        (draft.attendants.length === 0 ? (
          <Notice tone="info">{awardsCopy.addAttendantFirst}</Notice>
        ) : (
          <form className={styles.form} onSubmit={(e) => void nominate(e)} noValidate>
            <SelectField
              label={awardsCopy.award}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            >
              {open.map((a) => (
                <option key={a.code} value={a.code}>
                  {a.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={awardsCopy.attendant}
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
            <Button type="submit">{awardsCopy.nominate}</Button>
          </form>
        ))}
    </div>
  )
}
