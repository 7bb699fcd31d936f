/**
 * `/tasks/:slug/report/:section?`: the report overview (every section's completeness from
 * the device's draft, the score, what waits to be sent, and "Enviar relatório"), or one
 * editable section.
 */
import { useQueryClient } from '@tanstack/react-query'
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
import { taskKeys } from '@/features/tasks/api/task-queries'
import { visitKeys } from '@/lib/visit-store/api'
import type { OutboxSummary } from '@/lib/visit-store/db'
import type { OutboxItem } from '@/lib/visit-store/db'
import { queueReportSubmission } from '@/lib/visit-store/store'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import { ConflictSheet } from '@/features/report/api/conflict-sheet'
import { draftContent, draftScore, isReportSection } from '@/features/report/api/draft-content'
import { reportRows, type ReportRow } from '@/features/report/api/report-content'
import { reportCopy as copy } from '@/features/report/report-copy'
import { ReportQueryState } from '@/features/report/api/report-query-state'
import { FailedWrite, OutboxStatus } from '@/features/report/api/outbox-status'
import { visitNominations } from '@/features/report/parts/awards/nominations'
import { EditableSection } from './sections/editable-section'
import { useVisitReport, type VisitReport } from './api/use-visit-report'
import styles from './report.module.css'
import { CheckIcon } from '@/components/icons'
import { partTitle } from '@/features/report/parts/parts'
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
        : copy.unknownSection
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
          title={copy.unknownSection}
          action={
            <ButtonLink to={pathTo('/tasks/:slug/report', { slug })}>
              {copy.backToReport}
            </ButtonLink>
          }
        >
          <p>{copy.unknownSectionBody}</p>
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
  const summary = useOutboxSummary(data.task.id)
  // What waits on the device (a nomination the server refused, a submission on its way) changes
  // what every row and the button say: nothing is said before the queue is read.
  if (!summary) return <ReportQueryState query={undefined} />
  return <LoadedOverview data={data} summary={summary} />
}

function LoadedOverview({ data, summary }: { data: VisitReport; summary: OutboxSummary }) {
  const { task, mission, form, draft, serverReport, media } = data
  const submitItem = summary.items.find(
    (i) => i.kind === 'submitReport' && i.reportId === draft.reportId,
  )
  const queued = useSubmissionWatch(data, summary, submitItem)
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

  return (
    <div className={styles.stack}>
      <p className={styles.score}>
        <span>{copy.score}</span>
        <strong>{copy.scoreValue(score)}</strong>
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
      {(data.editable || submitItem) && (
        <SubmitReport
          data={data}
          item={submitItem}
          onQueued={queued.set}
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
 * Follows a queued submission: when it leaves the outbox, asks the server for the task;
 * when the task is in validation, goes to its status.
 */
function useSubmissionWatch(
  data: VisitReport,
  summary: OutboxSummary | undefined,
  item: OutboxItem | undefined,
) {
  const { task, draft } = data
  const navigate = useNavigate()
  const snackbar = useSnackbar()
  const queryClient = useQueryClient()
  const [queued, setQueued] = useState(false)
  if (item?.state === 'pending' && !queued) setQueued(true)
  if (item?.state === 'failed' && queued) setQueued(false)

  // Every outbox change after the submission left it (the store is read again) asks once more.
  const sent = queued && summary !== undefined && !item
  useEffect(() => {
    if (!sent) return
    void queryClient.invalidateQueries({ queryKey: taskKeys.all })
    void queryClient.invalidateQueries({ queryKey: visitKeys.report(draft.reportId) })
  }, [sent, summary, queryClient, draft.reportId])
  useEffect(() => {
    if (queued && task.status.code === 'validating') {
      snackbar(copy.submitted, { onNextScreen: true })
      navigate(pathTo('/tasks/:slug/status', { slug: task.slug }), { replace: true })
    }
  }, [queued, task.status.code, task.slug, navigate, snackbar])
  return { queued, set: () => setQueued(true) }
}

/**
 * "Enviar relatório": refused with the missing pages/sections while incomplete; otherwise
 * queued after any pending save (the outbox keeps the order).
 */
function SubmitReport({
  data,
  item: submitItem,
  onQueued,
  missingMessage,
  refusedNominations,
  incomplete,
}: {
  data: VisitReport
  item: OutboxItem | undefined
  onQueued: () => void
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
      onQueued()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.submit} aria-label={copy.submit}>
      {submitItem?.state === 'pending' && (
        <Notice tone="info" title={copy.submitPending}>
          {copy.submitPendingBody}
        </Notice>
      )}
      {submitItem?.state === 'failed' && (
        <FailedWrite
          item={submitItem}
          title={
            submitItem.lastError?.code === 'report_incomplete' ? copy.incompleteTitle : undefined
          }
        />
      )}
      {problem && (
        <Notice tone="error" title={problem.title}>
          {problem.message}
        </Notice>
      )}
      {!submitItem && (
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
      {!submitItem && !ready && incomplete.length > 0 && (
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
