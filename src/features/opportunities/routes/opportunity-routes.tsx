import type { RouteObject } from 'react-router-dom'
import { prefetchRouteData } from '@/lib/route-data'
import { opportunityListQueryOptions, opportunityQueryOptions } from '../api/opportunity-queries'

export const opportunityRoutes: RouteObject[] = [
  {
    path: 'oppy',
    loader: () =>
      prefetchRouteData((client) => client.prefetchQuery(opportunityListQueryOptions())),
    lazy: async () => ({
      Component: (await import('./opportunity-list-page')).OpportunityListPage,
    }),
  },
  {
    path: 'oppy/:taskId',
    loader: ({ params }) =>
      prefetchRouteData((client) =>
        client.prefetchQuery(opportunityQueryOptions(params.taskId ?? '')),
      ),
    lazy: async () => ({
      Component: (await import('./opportunity-summary-page')).OpportunitySummaryPage,
    }),
  },
  {
    path: 'oppy/:taskId/details',
    lazy: async () => ({
      Component: (await import('./opportunity-details-page')).OpportunityDetailsPage,
    }),
  },
]
