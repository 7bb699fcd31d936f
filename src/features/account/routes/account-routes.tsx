import type { RouteObject } from 'react-router-dom'

export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    lazy: async () => ({ Component: (await import('./account-menu-page')).AccountMenuPage }),
  },
  {
    path: 'account/profile',
    lazy: async () => ({ Component: (await import('./profile-page')).ProfilePage }),
  },
  {
    path: 'account/terms',
    lazy: async () => ({ Component: (await import('./terms-page')).TermsPage }),
  },
]
