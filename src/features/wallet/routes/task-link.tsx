import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { taskQueryOptions } from '@/features/tasks/api/task-queries'
import { walletCopy as copy } from '../copy'
import { pathTo } from '@/lib/route-patterns'

/** A link to the task behind a payment or award, by its slug once known (by id until then). */
export function TaskLink({ taskId }: { taskId: string }) {
  const task = useQuery({ ...taskQueryOptions(taskId), retry: false })
  const slug = task.data?.slug
  return (
    <Link to={pathTo('/tasks/:slug', { slug: slug ?? taskId })}>
      {slug ? copy.viewTask(slug) : copy.viewTaskPlain}
    </Link>
  )
}
