import type { RouteObject } from 'react-router-dom'

export const notificationRoutes: RouteObject[] = [
  {
    path: 'notifs',
    lazy: async () => ({
      Component: (await import('./notification-list-page')).NotificationListPage,
    }),
  },
  {
    path: 'notifs/:slug/read',
    lazy: async () => ({
      Component: (await import('./notification-read-page')).NotificationReadPage,
    }),
  },
  {
    path: 'notes',
    lazy: async () => ({ Component: (await import('./bulletins-page')).BulletinsPage }),
  },
]
