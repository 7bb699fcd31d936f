import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatMoney } from '@/lib/format'
import { missionRequirementLines, visitDurationLine } from '@/domain/mission-requirements'
import { missionQueryOptions, projectQueryOptions, taskQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import { TaskFacts } from './task-facts'
import { TaskQueryState } from './task-query-state'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

export function TaskDetailsPage() {
  const { slug = '' } = useParams()
  const query = useQuery(taskQueryOptions(slug))
  const task = query.data
  const mission = useQuery({ ...missionQueryOptions(task?.missionId ?? ''), enabled: !!task })
  const project = useQuery({ ...projectQueryOptions(task?.projectId ?? ''), enabled: !!task })

  if (!task)
    return (
      <Page title={copy.detailsTitle} backTo="/tasks">
        <TaskQueryState query={query} />
      </Page>
    )

  const m = mission.data
  return (
    <Page title={copy.detailsTitle} backTo={pathTo('/tasks/:slug', { slug: task.slug })}>
      <section className={styles.card} aria-labelledby="details-mission">
        <h2 id="details-mission">{task.title}</h2>
        {project.data && (
          <dl className={styles.facts}>
            <div>
              <dt>{copy.project}</dt>
              <dd>
                {project.data.name}
                <span className={styles.secondaryText}>{project.data.clientName}</span>
              </dd>
            </div>
          </dl>
        )}
        <TaskFacts task={task} showDeadline />
      </section>

      {mission.isPending && <Skeleton count={3} height={64} label={copy.loading} />}
      {mission.isError && (
        <LoadError
          title={copy.missionLoadError}
          error={mission.error}
          onRetry={() => void mission.refetch()}
        />
      )}
      {m && (
        <>
          <section className={styles.section} aria-labelledby="details-briefing">
            <h2 id="details-briefing">{copy.briefing}</h2>
            <p>{m.briefing}</p>
          </section>
          <section className={styles.section} aria-labelledby="details-scenario">
            <h2 id="details-scenario">{copy.scenario}</h2>
            <p>{m.scenario}</p>
          </section>
          <section className={styles.section} aria-labelledby="details-requirements">
            <h2 id="details-requirements">{copy.requirements}</h2>
            <ul className={styles.bullets}>
              {missionRequirementLines(m.requirements).map((line) => (
                <li key={line}>{line}</li>
              ))}
              <li>{visitDurationLine(m.visitMaxMinutes)}</li>
            </ul>
          </section>
          {m.checklist.length > 0 && (
            <section className={styles.section} aria-labelledby="details-checklist">
              <h2 id="details-checklist">{copy.checklist}</h2>
              <ul className={styles.bullets}>
                {m.checklist.map((item) => (
                  <li key={item.id}>{item.label}</li>
                ))}
              </ul>
            </section>
          )}
          {m.times.length > 0 && (
            <section className={styles.section} aria-labelledby="details-times">
              <h2 id="details-times">{copy.times}</h2>
              <ul className={styles.bullets}>
                {m.times.map((time) => (
                  <li key={time.code}>{time.label}</li>
                ))}
              </ul>
            </section>
          )}
          <section className={styles.section} aria-labelledby="details-awards">
            <h2 id="details-awards">{copy.awards}</h2>
            {m.awards.length === 0 ? (
              <p>{copy.noAwards}</p>
            ) : (
              <ul className={styles.bullets}>
                {m.awards.map((award) => (
                  <li key={award.code}>
                    <strong>{award.title}</strong> —{' '}
                    {copy.awardLine(formatMoney(award.prizeCents), award.goal)}
                    <span className={styles.secondaryText}>{award.criteria}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  )
}
