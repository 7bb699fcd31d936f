import type { RouteObject } from 'react-router-dom'
import { prefetchRouteData } from '@/lib/route-data'
import { taskQueryOptions } from '../api/task-queries'

export const taskRoutes: RouteObject[] = [
  {
    path: 'tasks',
    lazy: async () => ({ Component: (await import('./task-list-page')).TaskListPage }),
  },
  {
    path: 'tasks/canceled',
    lazy: async () => ({ Component: (await import('./canceled-tasks-page')).CanceledTasksPage }),
  },
  {
    path: 'tasks/permissions',
    lazy: async () => ({ Component: (await import('./device-check-page')).DeviceCheckPage }),
  },
  {
    path: 'tasks/policy',
    lazy: async () => ({ Component: (await import('./policy-page')).PolicyPage }),
  },
  {
    path: 'tasks/validations/:channel?',
    lazy: async () => ({ Component: (await import('./validations-page')).ValidationsPage }),
  },
  {
    path: 'tasks/:slug',
    loader: ({ params }) =>
      prefetchRouteData((client) => client.prefetchQuery(taskQueryOptions(params.slug ?? ''))),
    lazy: async () => ({ Component: (await import('./task-hub-page')).TaskHubPage }),
  },
  {
    path: 'tasks/:slug/details',
    lazy: async () => ({ Component: (await import('./task-details-page')).TaskDetailsPage }),
  },
  {
    path: 'tasks/:slug/reschedule',
    lazy: async () => ({ Component: (await import('./reschedule-page')).ReschedulePage }),
  },
  {
    path: 'tasks/:slug/status',
    lazy: async () => ({ Component: (await import('./task-status-page')).TaskStatusPage }),
  },
]
