/**
 * The start asks for a screen's data with the loaders of the features' route lists, read
 * without React Router (early-start.ts): they must be the loaders React Router runs for the
 * same address in the whole tree (router.tsx), where the lists sit under layout routes that
 * add no path.
 */
import { matchRoutes } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { bestMatch, routePatterns } from '@/lib/route-patterns'
import { routes } from './router'
import { rootRedirect } from './routes/require-session'
import { agentFrameRoutes, visitRoutes } from './signed-in-routes'

describe("the signed-in routes' loaders, read at the start", () => {
  const early = routePatterns([...visitRoutes, ...agentFrameRoutes])
  // (`/`'s loader only sends the agent on, to the offers or the sign-in: it asks for no data.)
  const withLoader = routePatterns(routes).filter(
    ({ chain }) =>
      typeof chain.at(-1)?.loader === 'function' && chain.at(-1)?.loader !== rootRedirect,
  )

  it('cover every route of the app that has a loader', () => {
    expect(withLoader.map((r) => r.pattern)).toEqual(
      expect.arrayContaining(['/oppy', '/oppy/:taskId', '/tasks/:slug']),
    )
    for (const { pattern } of withLoader) {
      const path = pattern.replace(/:[^/]+/g, 'x1')
      const routerLeaf = matchRoutes(routes, path)?.at(-1)?.route
      const earlyLeaf = bestMatch(early, path)?.chain.at(-1)
      expect(earlyLeaf, pattern).toBeDefined()
      expect(earlyLeaf?.loader, pattern).toBe(routerLeaf?.loader)
    }
  })
})
