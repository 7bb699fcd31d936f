/**
 * `/tasks/:slug/report/:section?`: the report overview (every section's completeness from
 * the device's draft, the score, what waits to be sent, and "Enviar relatório"), or one
 * editable section.
 */
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import type { ReportSection } from '@/api/entities'
import { Button, ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Badge, EmptyState } from '@/components/status'
import { incompleteReportMessage, missingItems } from '@/domain/report-completeness'
import type { OutboxSummary } from '@/lib/visit-store/db'
import { queueReportSubmission } from '@/lib/visit-store/store'
import { ConflictSheet } from '@/features/visit/conflict-sheet'
import { draftContent, draftScore, isReportSection } from '@/features/visit/draft-content'
import { reportRows, type ReportRow } from '@/features/report/report-content'
import { reportCopy as copy } from '@/features/report/report-copy'
import { ReportQueryState } from '@/features/visit/report-query-state'
import { FailedWrite, OutboxStatus } from '@/features/visit/outbox-status'
import { useOutboxItem, type FollowedWrite } from '@/features/visit/use-outbox-item'
import { visitNominations } from '@/features/report/parts/awards/nominations'
import { EditableSection } from './sections/editable-section'
import { useVisitReport, type VisitReport } from '@/features/visit/use-visit-report'
import styles from './report.module.css'
import { CheckIcon } from '@/components/icons'
import { partTitle, unknownPartCopy } from '@/features/report/parts/parts'
import { visitCopy } from '@/features/visit/visit-copy'
import { pathTo } from '@/lib/route-patterns'

export function ReportPage() {
  const { slug = '', section } = useParams()
  const { state } = useVisitReport(slug)
  const known = section === undefined || isReportSection(section)
  const title =
    section === undefined
      ? copy.title
      : isReportSection(section)
        ? partTitle(section)
        : unknownPartCopy.title
  return (
    <Page
      title={title}
      backTo={
        section === undefined
          ? pathTo('/tasks/:slug', { slug })
          : pathTo('/tasks/:slug/report', { slug })
      }
    >
      {!known ? (
        <EmptyState
          title={unknownPartCopy.title}
          action={
            <ButtonLink to={pathTo('/tasks/:slug/report', { slug })}>
              {copy.backToReport}
            </ButtonLink>
          }
        >
          <p>{unknownPartCopy.body}</p>
        </EmptyState>
      ) : state.status !== 'ready' ? (
        <ReportQueryState query={state.status === 'error' ? state.query : undefined} />
      ) : (
        <>
          <EditabilityNotice data={state.data} />
          {section === undefined ? (
            <ReportOverview data={state.data} />
          ) : (
            <EditableSection section={section as ReportSection} data={state.data} />
          )}
          <ConflictSheet data={state.data} />
        </>
      )}
    </Page>
  )
}

/** Why the report cannot be changed now, with the way forward. */
function EditabilityNotice({ data }: { data: VisitReport }) {
  const { task, editable } = data
  if (editable) return null
  const slug = task.slug
  const link = (to: string, label: string) => (
    <ButtonLink to={to} variant="secondary">
      {label}
    </ButtonLink>
  )
  switch (task.status.code) {
    case 'started':
      return (
        <Notice tone="info" action={link(pathTo('/tasks/:slug', { slug }), copy.goToTask)}>
          {copy.checkinFirst}
        </Notice>
      )
    case 'canceled':
      return <Notice tone="info">{copy.canceled}</Notice>
    case 'contested':
      return (
        <Notice
          tone="warning"
          title={copy.alreadySent}
          action={link(pathTo('/tasks/:slug/validation', { slug }), copy.answerPendencies)}
        >
          {copy.contested}
        </Notice>
      )
    default:
      return (
        <Notice
          tone="info"
          title={copy.alreadySent}
          action={link(pathTo('/tasks/:slug/status', { slug }), copy.seeSubmitted)}
        >
          {copy.notEditable}
        </Notice>
      )
  }
}

function ReportOverview({ data }: { data: VisitReport }) {
  const submission = useOutboxItem(
    data.task.id,
    (i) => i.kind === 'submitReport' && i.reportId === data.draft.reportId,
  )
  useAfterSubmission(data, submission)
  // What waits on the device (a nomination the server refused, a submission on its way) changes
  // what every row and the button say: nothing is said before the queue is read.
  if (!submission.outbox) return <ReportQueryState query={undefined} />
  return <LoadedOverview data={data} summary={submission.outbox} submission={submission} />
}

function LoadedOverview({
  data,
  summary,
  submission,
}: {
  data: VisitReport
  summary: OutboxSummary
  submission: FollowedWrite
}) {
  const { task, mission, form, draft, serverReport, media } = data
  const nominations = visitNominations({
    taskId: task.id,
    reportAwardIds: serverReport?.awards ?? [],
    given: [],
    items: summary.items,
  })
  const content = draftContent(draft, serverReport, media)
  const rows = reportRows(content, mission, form, {
    count: nominations.count,
    refused: nominations.refused.length,
  })
  const missing = missingItems(content, mission, form)
  const score = draftScore(form, draft)
  const queued = submission.status === 'pending' || submission.status === 'failed'

  return (
    <div className={styles.stack}>
      <p className={styles.score}>
        <span>{visitCopy.score}</span>
        <strong>{visitCopy.scoreValue(score)}</strong>
      </p>
      <nav aria-label={copy.sections}>
        <List>
          {rows.map((row) => (
            <SectionRow key={row.section} row={row} slug={task.slug} />
          ))}
        </List>
      </nav>
      {/* A refused nomination is said on its row and under "Enviar relatório". */}
      <OutboxStatus taskId={task.id} hideKinds={['submitReport', 'award']} />
      {(data.editable || queued) && (
        <SubmitReport
          data={data}
          submission={submission}
          missingMessage={incompleteReportMessage(missing)}
          refusedNominations={nominations.refused.length}
          incomplete={rows.filter((r) => (r.required && !r.complete) || r.refused > 0)}
        />
      )}
    </div>
  )
}

function SectionRow({ row, slug }: { row: ReportRow; slug: string }) {
  const trailing =
    row.refused > 0 ? (
      <Badge tone="danger">{copy.refusedCount(row.refused)}</Badge>
    ) : row.complete ? (
      <Badge tone="success">
        <CheckIcon aria-hidden="true" />
        {copy.complete}
      </Badge>
    ) : row.required ? (
      <Badge tone="warning">{copy.missingCount(row.missing.length)}</Badge>
    ) : (
      <Badge>{copy.optional}</Badge>
    )
  return (
    <ListItem
      to={pathTo('/tasks/:slug/report/:section', { slug, section: row.section })}
      title={row.title}
      subtitle={row.complete || !row.required || row.refused > 0 ? row.summary : row.missingText}
      trailing={trailing}
    />
  )
}

/**
 * Once the submission the agent queued is sent, the sync loop refreshes the task
 * (queriesChangedBy); when it says the report is in validation, the task's status opens.
 */
function useAfterSubmission(data: VisitReport, submission: FollowedWrite) {
  const { task } = data
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const followed = submission.status === 'pending' || submission.status === 'sent'
  useEffect(() => {
    if (followed && task.status.code === 'validating') {
      snackbar(copy.submitted, { onNextScreen: true })
      navigate(pathTo('/tasks/:slug/status', { slug: task.slug }), { replace: true })
    }
  }, [followed, task.status.code, task.slug, navigate, snackbar])
}

/**
 * "Enviar relatório": refused with the missing pages/sections while incomplete; otherwise
 * queued after any pending save (the outbox keeps the order).
 */
function SubmitReport({
  data,
  submission,
  missingMessage,
  refusedNominations,
  incomplete,
}: {
  data: VisitReport
  submission: FollowedWrite
  missingMessage: string
  /** Nominations the server refused: the report waits until the agent retries or discards them. */
  refusedNominations: number
  /** The parts still to complete, said beside the button while it cannot send. */
  incomplete: readonly ReportRow[]
}) {
  const { task, draft } = data
  const needsId = useId()
  const [problem, setProblem] = useState<{ title?: string; message: string }>()
  const [busy, setBusy] = useState(false)

  // Refused for what the report lacked (to the server): once completed, it is sent again as new.
  const canSendAgain =
    submission.status === 'failed' && submission.refusal.final && submission.refusal.fix === 'edit'
  const canSend =
    submission.status !== 'pending' && (submission.status !== 'failed' || canSendAgain)
  const complete = missingMessage === ''
  const ready = complete && refusedNominations === 0
  async function submit() {
    if (!complete) return setProblem({ title: copy.incompleteTitle, message: missingMessage })
    if (refusedNominations > 0) return setProblem({ message: copy.refusedNominations })
    if (draft.conflict) return setProblem({ message: copy.conflictFirst })
    if (task.status.code !== 'visited') return setProblem({ message: copy.checkoutFirst })
    setProblem(undefined)
    setBusy(true)
    try {
      // Whatever the draft holds goes first (ordered outbox), then the submission.
      await queueReportSubmission(task.id, draft.reportId)
      submission.follow()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.submit} aria-label={copy.submit}>
      {submission.status === 'pending' && (
        <Notice tone="info" title={copy.submitPending}>
          {copy.submitPendingBody}
        </Notice>
      )}
      {submission.status === 'failed' && <FailedWrite item={submission.item} />}
      {problem && (
        <Notice tone="error" title={problem.title}>
          {problem.message}
        </Notice>
      )}
      {canSend && (
        <Button
          block
          busy={busy}
          aria-disabled={!ready || undefined}
          aria-describedby={!ready && incomplete.length > 0 ? needsId : undefined}
          onClick={() => void submit()}
        >
          {copy.submit}
        </Button>
      )}
      {canSend && !ready && incomplete.length > 0 && (
        <div id={needsId} className={styles.needs}>
          <p>{copy.submitNeeds}</p>
          <ul>
            {incomplete.map((row) => (
              <li key={row.section}>
                <Link
                  to={pathTo('/tasks/:slug/report/:section', {
                    slug: task.slug,
                    section: row.section,
                  })}
                >
                  {row.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
