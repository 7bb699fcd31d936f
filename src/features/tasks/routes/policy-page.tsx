import { useQueries, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import type { Project } from '@/api/entities'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { myTasksQueryOptions, projectQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import styles from './tasks.module.css'

/**
 * The conduct policy of the agent's projects (those of their tasks, plus any `?project=` the
 * opportunity details link to), as plain text: one block per distinct policy.
 */
export function PolicyPage() {
  const [params] = useSearchParams()
  const tasks = useQuery(myTasksQueryOptions())
  const ids = [
    ...new Set([...(tasks.data?.items ?? []).map((t) => t.projectId), ...params.getAll('project')]),
  ].sort()
  const projectQueries = useQueries({ queries: ids.map((id) => projectQueryOptions(id)) })
  const projects = projectQueries.flatMap((q) => (q.data ? [q.data] : []))
  const failed = [tasks, ...projectQueries].find((q) => q.isError)
  const loading = tasks.isPending || projectQueries.some((q) => q.isPending)
  const policies = groupByPolicy(projects)

  return (
    <Page title={copy.policyTitle} backTo="/tasks">
      {loading && <Skeleton count={4} height={48} label={copy.policyLoading} />}
      {failed && (
        <LoadError
          title={copy.policyLoadError}
          error={failed.error}
          onRetry={() => [tasks, ...projectQueries].forEach((q) => q.isError && void q.refetch())}
        />
      )}
      {!loading && !failed && policies.length === 0 && (
        <EmptyState title={copy.policyEmptyTitle}>
          <p>{copy.policyEmptyBody}</p>
        </EmptyState>
      )}
      {!loading &&
        policies.map(({ policy, projects: applies }) => (
          <section key={policy} className={`${styles.section} ${styles.policy}`}>
            {policies.length > 1 ? (
              <h2>{applies.map((p) => p.name).join(', ')}</h2>
            ) : (
              <p className={styles.appliesTo}>
                {copy.policyAppliesTo(applies.map((p) => `${p.name} (${p.clientName})`).join('; '))}
              </p>
            )}
            {paragraphs(policy).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </section>
        ))}
    </Page>
  )
}

/** Projects that share the very same policy text are shown once, together. */
function groupByPolicy(projects: readonly Project[]) {
  const groups = new Map<string, Project[]>()
  for (const project of projects) {
    const policy = project.policy.trim()
    if (!policy) continue
    groups.set(policy, [...(groups.get(policy) ?? []), project])
  }
  return [...groups].map(([policy, list]) => ({ policy, projects: list }))
}

/** Plain-text paragraphs: split on blank lines, never parsed as HTML. */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}
