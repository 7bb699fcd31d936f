import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { bestMatch, expandOptional, matchPattern, pathTo, routePatterns } from './route-patterns'

describe('route patterns read without React Router', () => {
  it('expands optional segments into both routes', () => {
    expect(expandOptional('/tasks/validations/:channel?')).toEqual([
      '/tasks/validations',
      '/tasks/validations/:channel',
    ])
    expect(expandOptional('/a/:b?/c/:d?')).toHaveLength(4)
  })

  it('walks nested routes into full patterns, with the routes on the way', () => {
    const leaf = { path: ':slug' }
    const patterns = routePatterns([
      { path: 'tasks', children: [leaf] },
      { children: [{ path: 'oppy' }] },
    ])
    expect(patterns.map((p) => p.pattern)).toEqual(['/tasks', '/tasks/:slug', '/oppy'])
    expect(patterns[1]!.chain.at(-1)).toBe(leaf)
  })

  it('matches with the parameters, the most specific pattern first', () => {
    expect(matchPattern('/tasks/:slug', ['tasks', 'T-1'])?.params).toEqual({ slug: 'T-1' })
    expect(matchPattern('/tasks/:slug', ['tasks'])).toBeNull()
    expect(matchPattern('/account/*', ['account', 'a', 'b'])?.params).toEqual({ '*': 'a/b' })
    const candidates = [
      { pattern: '/tasks/:slug' },
      { pattern: '/tasks/canceled' },
      { pattern: '/*' },
    ]
    expect(bestMatch(candidates, '/tasks/canceled')?.pattern).toBe('/tasks/canceled')
    expect(bestMatch(candidates, '/tasks/T%2D1')).toMatchObject({
      pattern: '/tasks/:slug',
      params: { slug: 'T-1' },
    })
    expect(bestMatch(candidates, '/x/y')?.pattern).toBe('/*')
    expect(bestMatch(candidates, '/tasks/%E0%A4%A')).toBeUndefined()
  })
})

describe('pathTo: every link of the app, from its pattern', () => {
  it('puts each parameter in its segment, encoded, and the query after', () => {
    expect(pathTo('/tasks/:slug', { slug: 'T-1' })).toBe('/tasks/T-1')
    expect(pathTo('/tasks/:slug/report/:section', { slug: 'T 1/2', section: 'times' })).toBe(
      '/tasks/T%201%2F2/report/times',
    )
    expect(pathTo('/oppy')).toBe('/oppy')
    expect(pathTo('/permissions/position', {}, { next: '/tasks/T-1?a=b&c', skip: undefined })).toBe(
      '/permissions/position?next=%2Ftasks%2FT-1%3Fa%3Db%26c',
    )
    expect(pathTo('/account/details/transactions/:id', { id: 42 })).toBe(
      '/account/details/transactions/42',
    )
  })

  it('refuses a parameter no URL can carry', () => {
    for (const slug of ['', '.', '..'])
      expect(() => pathTo('/tasks/:slug', { slug })).toThrow(RangeError)
  })

  const candidates = [
    '/tasks',
    '/tasks/canceled',
    '/tasks/:slug',
    '/tasks/:slug/report',
    '/tasks/:slug/report/:section',
    '/oppy/:taskId/details',
    '/*',
  ].map((pattern) => ({ pattern }))

  it('property: any slug comes back from the matcher as it went in, through the URL parser', () => {
    const segment = fc
      .oneof(
        ...(['grapheme', 'grapheme-ascii', 'binary-ascii'] as const).map((unit) =>
          fc.string({ unit, minLength: 1 }),
        ),
        fc.constantFrom('T-4821', '../..', '%', '%2F', 'a/b', '?x=1', '#top', ' ', '.a', '...'),
      )
      .filter((s) => s !== '.' && s !== '..')
    fc.assert(
      fc.property(segment, segment, (slug, section) => {
        const path = pathTo('/tasks/:slug/report/:section', { slug, section })
        const { pathname, search } = new URL(path, 'https://app.example')
        const match = bestMatch(candidates, pathname)
        return (
          search === '' &&
          match?.pattern === '/tasks/:slug/report/:section' &&
          match.params.slug === slug &&
          match.params.section === section
        )
      }),
    )
  })

  it('property: a query value comes back from URLSearchParams as it went in', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (next) => {
        const url = new URL(pathTo('/permissions/position', {}, { next }), 'https://app.example')
        expect(url.pathname).toBe('/permissions/position')
        expect(url.searchParams.get('next')).toBe(next)
      }),
    )
  })
})

/** Not run: each line must fail to compile (tsc checks the test files too). */
export function wrongLinksDoNotCompile(slug: string, pattern: string) {
  // @ts-expect-error a misspelt parameter
  pathTo('/tasks/:slug', { slg: slug })
  // @ts-expect-error a missing parameter
  pathTo('/tasks/:slug', {})
  // @ts-expect-error no parameters at all
  pathTo('/tasks/:slug')
  // @ts-expect-error a parameter the pattern does not have
  pathTo('/tasks/:slug', { slug, section: 'times' })
  // @ts-expect-error parameters for a pattern without any
  pathTo('/oppy', { id: slug })
  // @ts-expect-error an optional segment: name the pattern with or without it
  pathTo('/tasks/validations/:channel?', { channel: slug })
  // @ts-expect-error a splat
  pathTo('/account/details/*')
  // @ts-expect-error a pattern that is not a literal
  pathTo(pattern)
  // @ts-expect-error not a path
  pathTo('tasks')
}
