import { useQueries, useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router-dom'
import type { Project } from '@/api/entities'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Chip, Chips, EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime } from '@/lib/format'
import { myTasksQueryOptions, projectQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

/** Tasks whose report came back with pendencies; the channel (a project code) filters them. */
export function ValidationsPage() {
  const { channel } = useParams()
  const navigate = useNavigate()
  const tasks = useQuery(myTasksQueryOptions(['contested']))
  const items = tasks.data?.items ?? []
  const projectIds = [...new Set(items.map((t) => t.projectId))].sort()
  const projectQueries = useQueries({ queries: projectIds.map((id) => projectQueryOptions(id)) })
  const projects = new Map<string, Project>()
  for (const q of projectQueries) if (q.data) projects.set(q.data.id, q.data)
  const projectsLoading = projectQueries.some((q) => q.isPending)
  // Asked of the server right now (not paused for lack of a connection).
  const projectsArriving = projectQueries.some((q) => q.isLoading)
  const failedProject = projectQueries.find((q) => q.isError)
  const codes = [...new Set([...projects.values()].map((p) => p.code))].sort()

  const shown = channel ? items.filter((t) => projects.get(t.projectId)?.code === channel) : items
  // The rows and the filter wait for the projects' first answer, so each row shows its project
  // and nothing moves in later; offline, the rows show without them. A filtered list can only
  // be told once the projects (and their codes) are known.
  const waiting = tasks.isPending || projectsArriving || (channel !== undefined && projectsLoading)

  return (
    <Page title={copy.validationsTitle} backTo="/tasks">
      {waiting && <Skeleton count={3} label={copy.validationsLoading} />}
      {tasks.isError && (
        <LoadError
          title={copy.listLoadError}
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      )}
      {failedProject && (
        <LoadError
          title={copy.listLoadError}
          error={failedProject.error}
          onRetry={() => projectQueries.forEach((q) => q.isError && void q.refetch())}
        />
      )}
      {tasks.isSuccess && !projectsArriving && (codes.length > 0 || channel) && (
        <Chips label={copy.validationsFilter}>
          <Chip pressed={!channel} onToggle={() => navigate('/tasks/validations')}>
            {copy.allProjects}
          </Chip>
          {codes.map((code) => (
            <Chip
              key={code}
              pressed={channel === code}
              onToggle={() => navigate(pathTo('/tasks/validations/:channel', { channel: code }))}
            >
              {code}
            </Chip>
          ))}
        </Chips>
      )}
      {!waiting && tasks.isSuccess && shown.length === 0 && (
        <EmptyState title={copy.validationsEmptyTitle}>
          <p>
            {channel && items.length > 0
              ? copy.validationsEmptyChannel(channel)
              : copy.validationsEmptyBody}
          </p>
        </EmptyState>
      )}
      {!waiting && shown.length > 0 && (
        <List>
          {shown.map((task) => {
            const project = projects.get(task.projectId)
            return (
              <ListItem
                key={task.id}
                to={pathTo('/tasks/:slug/validation', { slug: task.slug })}
                title={task.title}
                subtitle={
                  <span className={styles.rowLines}>
                    <span>{task.location.name}</span>
                    {project && (
                      <span>
                        {project.code} · {project.name}
                      </span>
                    )}
                    <span className={styles.nextStep}>
                      {copy.contestedSince(formatDateTime(task.status.changedAt))}
                    </span>
                  </span>
                }
              />
            )
          })}
        </List>
      )}
    </Page>
  )
}
