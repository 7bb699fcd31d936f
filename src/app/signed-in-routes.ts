/**
 * The signed-in screens, each feature's own route list: the visit's frames, and the screens
 * in the agent's frame. router.tsx puts them in the route tree, under layout routes that add
 * no path (their paths are the app's own); the start's first data requests (early-start.ts)
 * read their loaders from here, before React Router's code has arrived.
 */
import type { RouteObject } from 'react-router-dom'
import { accountRoutes } from '@/features/account/routes/account-routes'
import { checkinRoutes } from '@/features/checkin/checkin-routes'
import { infoRoutes } from '@/features/info/routes/info-routes'
import { notificationRoutes } from '@/features/notifications/routes/notification-routes'
import { opportunityRoutes } from '@/features/opportunities/routes/opportunity-routes'
import { permissionRoutes } from '@/features/permissions/routes/permission-routes'
import { questionnaireRoutes } from '@/features/questionnaire/questionnaire-routes'
import { reportRoutes } from '@/features/report/report-routes'
import { systemShellRoutes } from '@/features/system/routes/system-routes'
import { taskRoutes } from '@/features/tasks/routes/task-routes'
import { validationRoutes } from '@/features/validation/validation-routes'
import { walletRoutes } from '@/features/wallet/routes/wallet-routes'

/** The visit's own frames (check-in, questionnaire): outside the agent's frame. */
export const visitRoutes: RouteObject[] = [...checkinRoutes, ...questionnaireRoutes]

/** The screens inside the agent's frame (the tabs). */
export const agentFrameRoutes: RouteObject[] = [
  ...opportunityRoutes,
  ...taskRoutes,
  ...reportRoutes,
  ...validationRoutes,
  ...notificationRoutes,
  ...accountRoutes,
  ...walletRoutes,
  ...infoRoutes,
  ...permissionRoutes,
  ...systemShellRoutes,
]
