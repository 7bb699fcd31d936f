import type { RouteObject } from 'react-router-dom'

/** Outside the signed-in shell: the invitation link and what to do when it fails. */
export const activationRoutes: RouteObject[] = [
  {
    path: 'activation',
    lazy: async () => ({ Component: (await import('./activation-page')).ActivationPage }),
  },
  {
    path: 'activation/error',
    lazy: async () => ({
      Component: (await import('./activation-error-page')).ActivationErrorPage,
    }),
  },
]
