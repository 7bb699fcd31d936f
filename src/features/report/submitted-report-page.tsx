/**
 * `/tasks/:slug/status/:section`: one section of the report as the server has it (what was
 * submitted), read-only, with links to the other sections. Titled "Relatório enviado" only
 * once the server says it was submitted; a report never sent says so and leads to the report
 * itself (its draft lives on the phone, not here).
 */
import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { ReportSection } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import {
  formQueryOptions,
  missionQueryOptions,
  taskQueryOptions,
} from '@/features/tasks/api/task-queries'
import { reportQueryOptions } from '@/lib/visit-store/api'
import { isReportSection } from '@/features/visit/draft-content'
import { reportRows } from '@/features/report/report-content'
import { reportCopy as copy } from '@/features/report/report-copy'
import { ReportQueryState } from '@/features/visit/report-query-state'
import { ReadOnlySection } from './sections/read-only-section'
import styles from './report.module.css'
import { partTitle, unknownPartCopy } from '@/features/report/parts/parts'
import { visitCopy } from '@/features/visit/visit-copy'
import { pathTo } from '@/lib/route-patterns'

export function SubmittedReportPage() {
  const { slug = '', section = '' } = useParams()
  const taskQuery = useQuery(taskQueryOptions(slug))
  const task = taskQuery.data
  const missionQuery = useQuery({
    ...missionQueryOptions(task?.missionId ?? ''),
    enabled: Boolean(task),
  })
  const mission = missionQuery.data
  const formQuery = useQuery({
    ...formQueryOptions(mission?.formId ?? ''),
    enabled: Boolean(mission),
  })
  const form = formQuery.data
  const reportQuery = useQuery({
    ...reportQueryOptions(task?.reportId ?? ''),
    enabled: Boolean(task),
  })
  const report = reportQuery.data
  const known = isReportSection(section)
  const submitted = Boolean(report?.submittedAt)
  const title = known
    ? `${submitted ? copy.submittedTitle : copy.title} — ${partTitle(section)}`
    : unknownPartCopy.title
  const backTo = pathTo('/tasks/:slug/status', { slug })

  if (!known)
    return (
      <Page title={title} backTo={backTo}>
        <EmptyState
          title={unknownPartCopy.title}
          action={<ButtonLink to={backTo}>{copy.seeSubmitted}</ButtonLink>}
        >
          <p>{unknownPartCopy.body}</p>
        </EmptyState>
      </Page>
    )

  if (!task || !mission || !form || !report) {
    const failed = [taskQuery, missionQuery, formQuery, reportQuery].find((q) => q.isError)
    return (
      <Page title={title} backTo={backTo}>
        <ReportQueryState query={failed} />
      </Page>
    )
  }

  if (!submitted)
    return (
      <Page title={title} backTo={backTo}>
        <Notice
          tone="info"
          action={
            <ButtonLink
              to={pathTo('/tasks/:slug/report/:section', { slug: task.slug, section })}
              variant="secondary"
            >
              {copy.openReport}
            </ButtonLink>
          }
        >
          {copy.notSentYet}
        </Notice>
      </Page>
    )

  const others = reportRows(report, mission, form, { count: report.awards.length }).filter(
    (r) => r.section !== section,
  )
  return (
    <Page title={title} backTo={backTo}>
      {section === 'answers' && (
        <p className={styles.score}>
          <span>{visitCopy.score}</span>
          <strong>{visitCopy.scoreValue(report.score)}</strong>
        </p>
      )}
      <ReadOnlySection
        section={section as ReportSection}
        data={{ task, mission, form }}
        report={report}
      />
      <nav aria-label={copy.otherSections}>
        <h2 className={styles.groupTitle}>{copy.otherSections}</h2>
        <List>
          {others.map((row) => (
            <ListItem
              key={row.section}
              to={pathTo('/tasks/:slug/status/:section', { slug: task.slug, section: row.section })}
              title={row.title}
              subtitle={row.summary}
            />
          ))}
        </List>
      </nav>
    </Page>
  )
}
