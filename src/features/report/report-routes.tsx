import type { RouteObject } from 'react-router-dom'

/** The report and the submitted report (inside the agent shell). */
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
]
