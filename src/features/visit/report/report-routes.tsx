import type { RouteObject } from 'react-router-dom'

/** Report, submitted report and validation pages (inside the agent shell). */
export const reportRoutes: RouteObject[] = [
  {
    path: 'tasks/:slug/report/:section?',
    lazy: async () => ({ Component: (await import('./report-page')).ReportPage }),
  },
  {
    path: 'tasks/:slug/status/:section',
    lazy: async () => ({
      Component: (await import('./submitted-report-page')).SubmittedReportPage,
    }),
  },
  {
    path: 'tasks/:slug/validation/:section?',
    lazy: async () => ({
      Component: (await import('../validation/validation-page')).ValidationPage,
    }),
  },
]

/** The questionnaire chat (full screen, outside the agent shell). */
export const questionnaireRoutes: RouteObject[] = [
  {
    path: 'tasks/:slug/form',
    lazy: async () => ({
      Component: (await import('../questionnaire/questionnaire-page')).QuestionnairePage,
    }),
  },
]
