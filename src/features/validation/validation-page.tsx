/**
 * `/tasks/:slug/validation/:section?` (docs/product/visit.md): the open revision's pendencies grouped by
 * report section, each answered with a justification (50–1000 characters) and, optionally,
 * a corrected value or a new photo. Answers stay on the device while typed; "Enviar
 * respostas" queues them (outbox) and, once the server has them, the task is back in
 * validation.
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import type { Mission, Pendency, ReportSection, Revision, Task } from '@/api/entities'
import { Button, ButtonLink } from '@/components/button'
import { TextAreaField } from '@/components/form-fields'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Badge, EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { TextField } from '@/components/text-field'
import { DurationField } from '@/components/date-field'
import { JUSTIFICATION_MAX_CHARS } from '@/domain/constants'
import { countChars } from '@/domain/text-limits'
import { missionQueryOptions, taskQueryOptions } from '@/features/tasks/api/task-queries'
import { currentRevisionQueryOptions } from '@/lib/visit-store/api'
import { PhotoPicker } from '@/features/visit/media/photo-picker'
import type { LocalMedia } from '@/lib/visit-store/db'
import { queueWrite } from '@/lib/visit-store/store'
import { useTaskMedia } from '@/lib/visit-store/hooks'
import { FailedWrite } from '@/features/visit/outbox-status'
import { useOutboxItem, type FollowedWrite } from '@/features/visit/use-outbox-item'
import { ReportQueryState } from '@/features/visit/report-query-state'
import { isReportSection } from '@/features/visit/draft-content'
import {
  clearPendencyAnswers,
  correctedValueProblem,
  CORRECTED_VALUE_MAX_CHARS,
  EMPTY_PENDENCY_DRAFT,
  isResolved,
  justificationProblem,
  pendencyAnswersFor,
  unsentPhotos,
  usePendencyAnswers,
  type PendencyDraft,
  type PendencyDrafts,
} from './pendency-answers'
import { validationCopy as copy } from './validation-copy'
import styles from './validation.module.css'
import { partTitle, unknownPartCopy } from '@/features/report/parts/parts'
import { pathTo } from '@/lib/route-patterns'

export function ValidationPage() {
  const { slug = '', section } = useParams()
  const taskQuery = useQuery(taskQueryOptions(slug))
  const task = taskQuery.data
  const revisionQuery = useQuery({
    ...currentRevisionQueryOptions(task?.reportId ?? ''),
    enabled: Boolean(task),
  })
  const missionQuery = useQuery({
    ...missionQueryOptions(task?.missionId ?? ''),
    enabled: Boolean(task),
  })
  const sectionKnown = section === undefined || isReportSection(section)
  const title =
    section && isReportSection(section) ? `${copy.title} — ${partTitle(section)}` : copy.title
  const backTo =
    section === undefined
      ? pathTo('/tasks/:slug', { slug })
      : pathTo('/tasks/:slug/validation', { slug })

  let content
  if (!task)
    content = (
      <ReportQueryState
        query={taskQuery.isPending ? undefined : taskQuery}
        loadingLabel={copy.loading}
      />
    )
  else if (!sectionKnown)
    content = (
      <EmptyState
        title={unknownPartCopy.title}
        action={<ButtonLink to={backTo}>{copy.backToPendencies}</ButtonLink>}
      >
        <p>{unknownPartCopy.body}</p>
      </EmptyState>
    )
  else if (revisionQuery.isPending)
    content = <Skeleton count={3} height={64} label={copy.loading} />
  else if (!revisionQuery.data)
    content =
      isApiError(revisionQuery.error) && revisionQuery.error.status === 404 ? (
        <EmptyState title={copy.noneTitle}>
          <p>{copy.noneBody}</p>
        </EmptyState>
      ) : (
        <LoadError
          title={copy.loadError}
          error={revisionQuery.error}
          onRetry={() => void revisionQuery.refetch()}
        />
      )
  else
    content = (
      <Validation
        task={task}
        revision={revisionQuery.data}
        mission={missionQuery.data}
        section={section as ReportSection | undefined}
      />
    )

  return (
    <Page title={title} backTo={backTo}>
      {content}
    </Page>
  )
}

function Validation({
  task,
  revision,
  mission,
  section,
}: {
  task: Task
  revision: Revision
  mission: Mission | undefined
  section: ReportSection | undefined
}) {
  const { answers, update } = usePendencyAnswers(revision.id)
  const media = useTaskMedia(task.id) ?? []
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const sending = useOutboxItem(
    task.id,
    (i) => i.kind === 'answerRevision' && i.revisionId === revision.id,
  )
  // Once the answers are sent, the sync loop refreshes the task (queriesChangedBy); when it is
  // back in validation, its status opens.
  const followed = sending.status === 'pending' || sending.status === 'sent'
  useEffect(() => {
    if (followed && task.status.code === 'validating') {
      clearPendencyAnswers(revision.id)
      snackbar(copy.sent, { onNextScreen: true })
      navigate(pathTo('/tasks/:slug/status', { slug: task.slug }), { replace: true })
    }
  }, [followed, task.status.code, task.slug, revision.id, navigate, snackbar])

  if (revision.status !== 'open' && (sending.status === 'none' || sending.status === 'reading'))
    return (
      <Notice
        tone={revision.status === 'answered' ? 'success' : 'info'}
        title={revision.status === 'answered' ? copy.answeredTitle : undefined}
        action={
          <ButtonLink to={pathTo('/tasks/:slug/status', { slug: task.slug })} variant="secondary">
            {copy.seeStatus}
          </ButtonLink>
        }
      >
        {revision.status === 'answered' ? copy.answeredBody : copy.closedBody}
      </Notice>
    )

  return (
    <div className={styles.stack}>
      {section === undefined ? (
        <Overview task={task} revision={revision} answers={answers} />
      ) : (
        <SectionPendencies
          task={task}
          revision={revision}
          mission={mission}
          section={section}
          answers={answers}
          media={media}
          update={update}
        />
      )}
      <SendAnswers
        task={task}
        revision={revision}
        answers={answers}
        media={media}
        sending={sending}
      />
    </div>
  )
}

function sectionsOf(revision: Revision): ReportSection[] {
  return [...new Set(revision.pendencies.map((p) => p.section))]
}

function Overview({
  task,
  revision,
  answers,
}: {
  task: Task
  revision: Revision
  answers: PendencyDrafts
}) {
  return (
    <>
      <p className={styles.intro}>{copy.intro(revision.round)}</p>
      <nav aria-label={copy.sections}>
        <List>
          {sectionsOf(revision).map((section) => {
            const pendencies = revision.pendencies.filter((p) => p.section === section)
            const done = pendencies.filter((p) => isResolved(p, answers[p.id])).length
            return (
              <ListItem
                key={section}
                to={pathTo('/tasks/:slug/validation/:section', { slug: task.slug, section })}
                title={partTitle(section)}
                subtitle={pendencies.map((p) => p.message).join(' ')}
                trailing={
                  <Badge tone={done === pendencies.length ? 'success' : 'warning'}>
                    {copy.resolvedCount(done, pendencies.length)}
                  </Badge>
                }
              />
            )
          })}
        </List>
      </nav>
    </>
  )
}

function SectionPendencies({
  task,
  revision,
  mission,
  section,
  answers,
  media,
  update,
}: {
  task: Task
  revision: Revision
  mission: Mission | undefined
  section: ReportSection
  answers: PendencyDrafts
  media: readonly LocalMedia[]
  update: (pendencyId: string, patch: Partial<PendencyDraft>) => void
}) {
  const pendencies = revision.pendencies.filter((p) => p.section === section)
  if (pendencies.length === 0)
    return (
      <EmptyState
        title={copy.sectionEmpty}
        action={
          <ButtonLink to={pathTo('/tasks/:slug/validation', { slug: task.slug })}>
            {copy.backToPendencies}
          </ButtonLink>
        }
      />
    )
  return (
    <>
      {pendencies.map((p) => (
        <PendencyCard
          key={p.id}
          number={revision.pendencies.indexOf(p) + 1}
          task={task}
          pendency={p}
          mission={mission}
          draft={answers[p.id] ?? EMPTY_PENDENCY_DRAFT}
          media={media}
          onChange={(patch) => update(p.id, patch)}
        />
      ))}
      <Link
        to={pathTo('/tasks/:slug/status/:section', { slug: task.slug, section })}
        className={styles.link}
      >
        {copy.seeInReport}
      </Link>
    </>
  )
}

function fieldName(pendency: Pendency, mission: Mission | undefined) {
  if (!pendency.field) return undefined
  if (pendency.section === 'times')
    return mission?.times.find((t) => t.code === pendency.field)?.label ?? pendency.field
  return pendency.field
}

function PendencyCard({
  number,
  task,
  pendency,
  mission,
  draft,
  media,
  onChange,
}: {
  number: number
  task: Task
  pendency: Pendency
  mission: Mission | undefined
  draft: PendencyDraft
  media: readonly LocalMedia[]
  onChange: (patch: Partial<PendencyDraft>) => void
}) {
  const [touched, setTouched] = useState({ justification: false, corrected: false })
  const headingId = `pendency-${pendency.id}`
  const field = fieldName(pendency, mission)
  const justificationError = touched.justification
    ? justificationProblem(draft.justification)
    : undefined
  const correctedError = touched.corrected
    ? correctedValueProblem(pendency, draft.correctedValue)
    : undefined
  const photos = draft.mediaIds.flatMap((id) => media.filter((m) => m.id === id))
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {copy.pendency(number)}
        {isResolved(pendency, draft) && <Badge tone="success">{copy.resolved}</Badge>}
      </h2>
      <div className={styles.message}>
        <p className={styles.muted}>{copy.validatorSays}</p>
        <p>{pendency.message}</p>
        {field && <p className={styles.muted}>{copy.field(field)}</p>}
      </div>
      <TextAreaField
        label={copy.justification}
        hint={copy.justificationHint}
        rows={5}
        value={draft.justification}
        error={justificationError}
        onChange={(e) => onChange({ justification: e.target.value })}
        onBlur={() => setTouched((t) => ({ ...t, justification: true }))}
      />
      <p className={styles.counter}>
        {copy.charCount(countChars(draft.justification.trim()), JUSTIFICATION_MAX_CHARS)}
      </p>
      {pendency.section === 'times' ? (
        <DurationField
          label={copy.correctedValue}
          hint={copy.correctedTimeHint}
          value={draft.correctedValue}
          error={correctedError}
          onChange={(typed) => onChange({ correctedValue: typed })}
          onBlur={() => setTouched((t) => ({ ...t, corrected: true }))}
        />
      ) : (
        <TextField
          label={copy.correctedValue}
          hint={copy.correctedHint}
          value={draft.correctedValue}
          maxLength={CORRECTED_VALUE_MAX_CHARS}
          error={correctedError}
          autoComplete="off"
          onChange={(e) => onChange({ correctedValue: e.target.value })}
          onBlur={() => setTouched((t) => ({ ...t, corrected: true }))}
        />
      )}
      {pendency.section === 'evidences' && (
        <div className={styles.photos}>
          <p className={styles.muted}>{copy.newPhotosHint}</p>
          {photos.length > 0 && (
            <List label={copy.newPhotos}>
              {photos.map((m, i) => (
                <ListItem
                  key={m.id}
                  title={copy.newPhoto(i + 1)}
                  trailing={
                    <Badge
                      tone={
                        m.state === 'failed' ? 'danger' : m.state === 'sent' ? 'success' : 'info'
                      }
                    >
                      {copy.photoState[m.state]}
                    </Badge>
                  }
                />
              ))}
            </List>
          )}
          <PhotoPicker
            reportId={task.reportId}
            taskId={task.id}
            label={copy.addPhoto}
            listInReport={false}
            slot={`pendency:${pendency.id}`}
            onAdded={(m) => onChange({ mediaIds: [...draft.mediaIds, m.id] })}
          />
        </div>
      )}
    </section>
  )
}

function SendAnswers({
  task,
  revision,
  answers,
  media,
  sending,
}: {
  task: Task
  revision: Revision
  answers: PendencyDrafts
  media: readonly LocalMedia[]
  sending: FollowedWrite
}) {
  const [busy, setBusy] = useState(false)
  // Refused for what the answers said: once changed, they are sent again as new (queueWrite).
  const canSendAgain =
    sending.status === 'failed' && sending.refusal.final && sending.refusal.fix === 'edit'
  const canSend = sending.status !== 'pending' && (sending.status !== 'failed' || canSendAgain)
  const total = revision.pendencies.length
  const done = revision.pendencies.filter((p) => isResolved(p, answers[p.id])).length
  const waitingPhotos = revision.pendencies.some(
    (p) => unsentPhotos(answers[p.id], media).length > 0,
  )
  const ready = done === total && !waitingPhotos
  const hintId = useId()
  // The parts whose pendencies still lack an answer: said beside the disabled button, each a link.
  const unanswered = sectionsOf(revision).filter((section) =>
    revision.pendencies.some((p) => p.section === section && !isResolved(p, answers[p.id])),
  )

  async function send() {
    if (!ready) return
    setBusy(true)
    try {
      await queueWrite({
        kind: 'answerRevision',
        taskId: task.id,
        revisionId: revision.id,
        answers: pendencyAnswersFor(revision.pendencies, answers, media),
      })
      sending.follow()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.send} aria-label={copy.send}>
      {sending.status === 'pending' && (
        <Notice tone="info" title={copy.sendPending}>
          {copy.sendPendingBody}
        </Notice>
      )}
      {sending.status === 'failed' && <FailedWrite item={sending.item} title={copy.refusedTitle} />}
      {canSend && (
        <>
          {!ready && (
            <div id={hintId} className={styles.needs}>
              <p className={styles.muted}>
                {waitingPhotos && done === total ? copy.waitPhotos : copy.sendHint(done, total)}
              </p>
              {unanswered.length > 0 && (
                <ul aria-label={copy.unansweredParts}>
                  {unanswered.map((section) => (
                    <li key={section}>
                      <Link
                        to={pathTo('/tasks/:slug/validation/:section', {
                          slug: task.slug,
                          section,
                        })}
                      >
                        {partTitle(section)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <Button
            block
            busy={busy}
            disabled={!ready}
            aria-describedby={!ready ? hintId : undefined}
            onClick={() => void send()}
          >
            {copy.send}
          </Button>
        </>
      )}
    </section>
  )
}
