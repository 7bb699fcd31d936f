import type { RouteObject } from 'react-router-dom'

export const infoRoutes: RouteObject[] = [
  { path: 'help', lazy: async () => ({ Component: (await import('./help-page')).HelpPage }) },
  {
    path: 'about/privacy',
    lazy: async () => ({ Component: (await import('./privacy-page')).PrivacyPage }),
  },
]
