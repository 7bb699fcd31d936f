import { matchRoutes, type RouteObject } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { LIKELY_NEXT, likelyNextPaths, prefetchRouteCode } from './likely-next-routes'
import { routes } from './router'

/** The route a path lands on, as a full pattern ('*' is the not-found page). */
function patternOf(path: string) {
  return (
    '/' +
    (matchRoutes(routes, path) ?? [])
      .map((m) => m.route.path)
      .filter(Boolean)
      .join('/')
  )
}

describe('likely next routes', () => {
  it.each(LIKELY_NEXT)(
    '%s is a real screen, and so is every screen it prefetches',
    (from, next) => {
      const sample = from.replace(/:\w+\??/g, '_')
      expect(patternOf(sample)).toBe(from)
      for (const path of next) expect(patternOf(path), path).not.toBe('/*')
    },
  )

  it('offers list → an offer and the tasks; a task → its check-in', () => {
    expect(likelyNextPaths(routes, '/oppy')).toEqual(['/oppy/_', '/tasks'])
    expect(likelyNextPaths(routes, '/tasks/loja-centro-123')).toContain('/tasks/_/checkin')
    expect(likelyNextPaths(routes, '/nao-existe')).toEqual([])
  })

  it('loads the code of every lazy route on the way to a path, once each', async () => {
    const parent = vi.fn(async () => ({}))
    const child = vi.fn(async () => ({}))
    const other = vi.fn(async () => ({}))
    const table: RouteObject[] = [
      { path: 'tasks/:slug', lazy: parent, children: [{ path: 'checkin', lazy: child }] },
      { path: 'oppy', lazy: other },
    ]
    await prefetchRouteCode(table, '/tasks/x/checkin')
    expect(parent).toHaveBeenCalledTimes(1)
    expect(child).toHaveBeenCalledTimes(1)
    expect(other).not.toHaveBeenCalled()
  })

  it("also loads what a route's code depends on for the path's parameters (a part's editor)", async () => {
    const editor = vi.fn(async () => ({}))
    const table: RouteObject[] = [
      {
        path: 'checkin/:part',
        lazy: async () => ({ handle: { prefetchCode: editor } }),
      },
    ]
    await prefetchRouteCode(table, '/checkin/evidences')
    expect(editor).toHaveBeenCalledWith({ part: 'evidences' })
  })

  it("prefetches a check-in part's editor with its page", async () => {
    const { checkinPartAt } = await import('@/features/report/parts/parts')
    const part = checkinPartAt('attendants')!
    const load = vi.spyOn(part.checkinPage, 'editor')
    await prefetchRouteCode(routes, '/tasks/_/checkin/attendants')
    expect(load).toHaveBeenCalledTimes(1)
    load.mockRestore()
  })
})
