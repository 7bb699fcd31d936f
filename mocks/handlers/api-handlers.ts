/** Every operation of openapi.yaml, by area. Each area module owns its paths. */
import type { HttpHandler } from 'msw'
import type { BackendContext } from './support'
import { authHandlers } from './auth'
import { meHandlers } from './me'
import { walletHandlers } from './wallet'
import { opportunityHandlers } from './opportunities'
import { taskHandlers } from './tasks'
import { catalogueHandlers } from './catalogue'
import { reportHandlers } from './reports'
import { mediaHandlers } from './media'
import { revisionHandlers } from './revisions'
import { awardHandlers } from './awards'
import { notificationHandlers } from './notifications'
import { systemHandlers } from './system'
import { pushHandlers } from './push'

export function apiHandlers(ctx: BackendContext): HttpHandler[] {
  return [
    ...systemHandlers(ctx),
    ...authHandlers(ctx),
    ...meHandlers(ctx),
    ...walletHandlers(ctx),
    ...opportunityHandlers(ctx),
    ...taskHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...reportHandlers(ctx),
    ...mediaHandlers(ctx),
    ...revisionHandlers(ctx),
    ...awardHandlers(ctx),
    ...notificationHandlers(ctx),
    ...pushHandlers(ctx),
  ]
}
