import type { RouteObject } from 'react-router-dom'

/** Answering the validator's pendencies (inside the agent shell). */
export const validationRoutes: RouteObject[] = [
  {
    path: 'tasks/:slug/validation/:section?',
    lazy: async () => ({ Component: (await import('./validation-page')).ValidationPage }),
  },
]
