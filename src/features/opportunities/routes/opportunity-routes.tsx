import type { RouteObject } from 'react-router-dom'

export const opportunityRoutes: RouteObject[] = [
  { path: 'oppy', lazy: async () => ({ Component: (await import('./opportunity-list-page')).OpportunityListPage }) },
]
