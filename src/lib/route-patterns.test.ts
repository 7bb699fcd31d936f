import { describe, expect, it } from 'vitest'
import { bestMatch, expandOptional, matchPattern, routePatterns } from './route-patterns'

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
