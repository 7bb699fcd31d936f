import type { RouteObject } from 'react-router-dom'

/** The check-in shell: `tasks/:slug/checkin` and its children (no bottom navigation). */
export const checkinRoutes: RouteObject[] = []
