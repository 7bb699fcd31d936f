import type { RouteObject } from 'react-router-dom'

/** Report, submitted report and validation pages (inside the agent shell). */
export const reportRoutes: RouteObject[] = []

/** The questionnaire chat (full screen, outside the agent shell). */
export const questionnaireRoutes: RouteObject[] = []
