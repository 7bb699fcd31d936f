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
 *   browser without a shift (app/shell/agent-shell.tsx). A screen whose data goes out beside
 *   its code (a route `loader`: the screens opened first, from the icon, a notification or a
 *   link) has a shell of its own, whose head preloads that screen's code and CSS
 *   (`screenModules`; scripts/prerender.ts).
 */
import { QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router-dom'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { authCopy } from '@/features/auth/copy'
import { FALLBACK_DOCUMENT, type HtmlDocumentTable } from '@/lib/html-documents'
import { routePatterns } from '@/lib/route-patterns'
import { AppProviders } from './app-providers'
import { AGENT_SHELL_ROUTE_ID, routes, SIGNED_IN_ROUTE_ID } from './router'
import { AgentShell, NAV_ENTRIES, navEntryOf } from './shell/agent-shell'

export type DocumentKind = 'page' | 'frame' | 'shell'

export type DocumentPlan = {
  /** The file under dist/ (`login.html`, `shell/oppy.html`, `screen/tasks/_slug.html`). */
  document: string
  /** The path it is rendered at (a screen's shell: its route pattern). */
  path: string
  kind: DocumentKind
  /** A screen's own shell: the route pattern whose code and CSS its head preloads. */
  screen?: string
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
/** `/tasks/:slug` → `screen/tasks/_slug.html` (no `:` in a file name). */
const screenFileOf = (pattern: string) => `screen/${pattern.slice(1).replace(/:/g, '_')}.html`

const idsOf = (chain: RouteObject[]) => chain.map((r) => r.id)

/** The screens of the agent's frame whose data goes out beside their code (a route `loader`). */
function firstScreens() {
  return routePatterns(routes).filter(
    ({ chain }) =>
      idsOf(chain).includes(AGENT_SHELL_ROUTE_ID) && typeof chain.at(-1)?.loader === 'function',
  )
}

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
    ...firstScreens().map(({ pattern }) => ({
      document: screenFileOf(pattern),
      path: pattern,
      kind: 'shell' as const,
      screen: pattern,
    })),
  ]
}

/** The table of patterns → documents for the whole route tree. */
export function documentTable(): HtmlDocumentTable['routes'] {
  const plans = documentPlans()
  const byPath = new Map(plans.filter((p) => p.kind !== 'shell').map((p) => [p.path, p.document]))
  const screens = new Map(plans.flatMap((p) => (p.screen ? [[p.screen, p.document]] : [])))
  return routePatterns(routes).map(({ pattern, chain }) => {
    const ancestors = idsOf(chain)
    // The app's start (rootRedirect, the route's loader) opens the offers.
    if (pattern === '/') return { pattern, document: screens.get('/oppy') ?? shellFileOf('/oppy') }
    const screen = screens.get(pattern)
    if (screen) return { pattern, document: screen }
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

/**
 * The source modules a screen's route imports lazily on the way to it (the agent's frame, the
 * screen), e.g. `/src/features/tasks/routes/task-hub-page.tsx`: what its own shell preloads.
 * Read from the routes themselves: scripts/prerender.ts builds this file with every dynamic
 * import reporting its module to `__avaliadorLazyImport` first, and a route's `lazy` starts
 * its import synchronously; in that build the hook answers, so nothing is actually loaded.
 */
export function screenModules(pattern: string): string[] {
  const recorded: string[] = []
  const hook = globalThis as { __avaliadorLazyImport?: (module: string) => Promise<never> }
  hook.__avaliadorLazyImport = (module) => {
    recorded.push(module)
    return new Promise<never>(() => {})
  }
  try {
    for (const { route } of matchRoutes(routes, pattern) ?? []) {
      if (typeof route.lazy === 'function') void route.lazy()
    }
  } finally {
    delete hook.__avaliadorLazyImport
  }
  if (recorded.length === 0) throw new Error(`${pattern}: no lazy route on the way to it`)
  return recorded
}
