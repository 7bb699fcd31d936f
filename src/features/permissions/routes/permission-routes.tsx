import type { RouteObject } from 'react-router-dom'

export const permissionRoutes: RouteObject[] = [
  {
    path: 'permissions/notifications',
    lazy: async () => ({
      Component: (await import('./permission-page')).NotificationPermissionPage,
    }),
  },
  {
    path: 'permissions/position',
    lazy: async () => ({ Component: (await import('./permission-page')).PositionPermissionPage }),
  },
]
