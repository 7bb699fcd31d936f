import type { RouteObject } from 'react-router-dom'

export const opportunityRoutes: RouteObject[] = [
  {
    path: 'oppy',
    lazy: async () => ({
      Component: (await import('./opportunity-list-page')).OpportunityListPage,
    }),
  },
  {
    path: 'oppy/:taskId',
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
