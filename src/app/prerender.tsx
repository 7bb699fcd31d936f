/**
 * Build time only: the server entry that scripts/prerender.ts builds with Vite (SSR) and runs
 * in Node, to write the HTML a phone paints before any script has run
 * (docs/decisions/0010-prerender-and-query-cache.md). Never part of the app's bundle.
 *
 * Three kinds of document:
 * - `page`: a signed-out screen rendered as it is with nothing on the device (`/login`). The
 *   browser hydrates it when nothing on the device or in the link changes what it shows
 *   (start-app.tsx `canHydrate`), else renders over it.
 * - `frame`: a signed-out screen whose content depends on the device (the code screens, the
 *   invitation): its title and a skeleton, rendered over by the browser.
 * - `shell`: the signed-in frame for one tab — the bottom navigation and the tab's skeleton,
 *   exactly what the app shows until the agent's alerts are known — rendered over by the
 *   browser without a shift (app/shell/agent-shell.tsx).
 */
import { QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { authCopy } from '@/features/auth/copy'
import { FALLBACK_DOCUMENT, type HtmlDocumentTable } from '@/lib/html-documents'
import { AppProviders } from './app-providers'
import { AGENT_SHELL_ROUTE_ID, routes, SIGNED_IN_ROUTE_ID } from './router'
import { AgentShell, NAV_ENTRIES, navEntryOf } from './shell/agent-shell'

export type DocumentKind = 'page' | 'frame' | 'shell'

export type DocumentPlan = {
  /** The file under dist/ (`login.html`, `shell/oppy.html`). */
  document: string
  /** The path it is rendered at. */
  path: string
  kind: DocumentKind
}

type Frame = { title: string; backTo?: string }

/** Signed-out screens rendered as they are. */
const PAGES = ['/login', '/activation/error', '/unavailable'] as const

/** Signed-out screens that depend on the device or the link: their title and a skeleton. */
const FRAMES: Record<string, Frame> = {
  '/login/request': { title: authCopy.request.title, backTo: '/login' },
  '/login/allow': { title: authCopy.allow.title, backTo: '/login/request' },
  '/activation': { title: authCopy.activation.title },
}

const fileOf = (path: string) => `${path.slice(1)}.html`
const shellFileOf = (tab: string | undefined) => `shell/${tab ? tab.slice(1) : 'app'}.html`

/** Every document the build writes. */
export function documentPlans(): DocumentPlan[] {
  return [
    ...PAGES.map((path) => ({ document: fileOf(path), path, kind: 'page' as const })),
    ...Object.keys(FRAMES).map((path) => ({
      document: fileOf(path),
      path,
      kind: 'frame' as const,
    })),
    ...NAV_ENTRIES.map((e) => ({
      document: shellFileOf(e.to),
      path: e.to,
      kind: 'shell' as const,
    })),
    // A signed-in screen outside the five tabs (a deep link's dispatcher): no current tab.
    { document: shellFileOf(undefined), path: '/_', kind: 'shell' as const },
  ]
}

type WalkedRoute = { pattern: string; ancestors: Array<string | undefined> }

/** Every route's full pattern (optional segments expanded), with its layout routes' ids. */
function walk(list: RouteObject[], base: string, ancestors: Array<string | undefined>) {
  const found: WalkedRoute[] = []
  for (const route of list) {
    const joined = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base
    const chain = [...ancestors, route.id]
    for (const pattern of expandOptional(joined || '/')) {
      if (route.index || route.path) found.push({ pattern, ancestors: chain })
      if (route.children) found.push(...walk(route.children, pattern === '/' ? '' : pattern, chain))
    }
  }
  return found
}

/** `/tasks/validations/:channel?` → `/tasks/validations` and `/tasks/validations/:channel`. */
export function expandOptional(pattern: string): string[] {
  const parts = pattern.split('/')
  const optional = parts.findIndex((p) => p.endsWith('?'))
  if (optional < 0) return [pattern]
  const without = [...parts.slice(0, optional), ...parts.slice(optional + 1)].join('/') || '/'
  const withIt = [
    ...parts.slice(0, optional),
    parts[optional]!.slice(0, -1),
    ...parts.slice(optional + 1),
  ].join('/')
  return [...expandOptional(without), ...expandOptional(withIt)]
}

/** The table of patterns → documents for the whole route tree. */
export function documentTable(): HtmlDocumentTable['routes'] {
  const plans = documentPlans()
  const byPath = new Map(plans.filter((p) => p.kind !== 'shell').map((p) => [p.path, p.document]))
  return walk(routes, '', []).map(({ pattern, ancestors }) => {
    if (pattern === '/') return { pattern, document: shellFileOf('/oppy') }
    if (ancestors.includes(AGENT_SHELL_ROUTE_ID))
      return { pattern, document: shellFileOf(navEntryOf(pattern)?.to) }
    // The visit's own frames (check-in shell, questionnaire) and anything unknown.
    if (ancestors.includes(SIGNED_IN_ROUTE_ID)) return { pattern, document: FALLBACK_DOCUMENT }
    return { pattern, document: byPath.get(pattern) ?? FALLBACK_DOCUMENT }
  })
}

async function renderRoutes(routeList: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(routeList)
  const context = await handler.query(new Request(`http://prerender.invalid${path}`))
  if (context instanceof Response)
    throw new Error(`${path} answered ${context.status} while prerendering`)
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <AppProviders queryClient={new QueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  )
}

function FrameScreen({ frame }: { frame: Frame }) {
  return (
    <Page title={frame.title} {...(frame.backTo ? { backTo: frame.backTo } : {})}>
      <Skeleton count={2} height={56} />
    </Page>
  )
}

/** The HTML inside `#root` for one document. */
export function renderDocument(plan: DocumentPlan): Promise<string> {
  switch (plan.kind) {
    case 'page':
      return renderRoutes(routes, plan.path)
    case 'frame': {
      const frame = FRAMES[plan.path]!
      return renderRoutes([{ path: '*', element: <FrameScreen frame={frame} /> }], plan.path)
    }
    case 'shell':
      // The shell as the app shows it before /me has answered: no screen yet, the skeleton.
      return renderRoutes(
        [{ path: '/', element: <AgentShell />, children: [{ path: '*', element: null }] }],
        plan.path,
      )
  }
}
