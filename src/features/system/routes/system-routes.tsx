import type { RouteObject } from 'react-router-dom'

export const systemShellRoutes: RouteObject[] = []

/** Routes outside the signed-in shell (service unavailable, start-up failure). */
export const systemPublicRoutes: RouteObject[] = []
