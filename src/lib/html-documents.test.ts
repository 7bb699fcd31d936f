import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { documentFor, FALLBACK_DOCUMENT, matchScore } from './html-documents'

const table = {
  routes: [
    { pattern: '/', document: 'shell/oppy.html' },
    { pattern: '/login', document: 'login.html' },
    { pattern: '/tasks', document: 'shell/tasks.html' },
    { pattern: '/tasks/canceled', document: 'shell/tasks.html' },
    { pattern: '/tasks/:slug', document: 'shell/tasks.html' },
    { pattern: '/tasks/:slug/checkin', document: 'index.html' },
    { pattern: '/tasks/:slug/checkin/notes', document: 'index.html' },
    { pattern: '/event/:domain', document: 'shell/app.html' },
    { pattern: '/*', document: 'index.html' },
  ],
}

describe('which document answers a navigation', () => {
  it('picks the prerendered document of the route the path lands on', () => {
    expect(documentFor('/', table)).toBe('shell/oppy.html')
    expect(documentFor('/login', table)).toBe('login.html')
    expect(documentFor('/login/', table)).toBe('login.html')
    expect(documentFor('/tasks/loja-centro', table)).toBe('shell/tasks.html')
    expect(documentFor('/event/tasks', table)).toBe('shell/app.html')
  })

  it('a static segment beats a parameter, which beats a splat', () => {
    expect(documentFor('/tasks/canceled', { routes: [...table.routes].reverse() })).toBe(
      'shell/tasks.html',
    )
    expect(documentFor('/tasks/x/checkin', table)).toBe('index.html')
    expect(documentFor('/nao/existe', table)).toBe('index.html')
    expect(matchScore('/tasks/canceled', ['tasks', 'canceled'])).toBeGreaterThan(
      matchScore('/tasks/:slug', ['tasks', 'canceled'])!,
    )
    expect(matchScore('/tasks/:slug', ['tasks', 'x'])).toBeGreaterThan(
      matchScore('/*', ['tasks', 'x'])!,
    )
  })

  it('a path no pattern covers, or one that does not decode, gets the bare app', () => {
    expect(documentFor('/tasks/x/y/z', { routes: table.routes.slice(0, -1) })).toBe(
      FALLBACK_DOCUMENT,
    )
    expect(documentFor('/tasks/%E0%A4%A', table)).toBe(FALLBACK_DOCUMENT)
  })

  it('never throws, whatever the path', () => {
    fc.assert(
      fc.property(fc.string(), (path) => {
        expect(typeof documentFor(`/${path}`, table)).toBe('string')
      }),
    )
  })
})
