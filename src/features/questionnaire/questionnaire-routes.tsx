import type { RouteObject } from 'react-router-dom'

/** The questionnaire chat (full screen, outside the agent shell). */
export const questionnaireRoutes: RouteObject[] = [
  {
    path: 'tasks/:slug/form',
    lazy: async () => ({
      Component: (await import('./questionnaire-page')).QuestionnairePage,
    }),
  },
]
