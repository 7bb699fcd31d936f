/**
 * Every link the app builds names a route the router has: `pathTo`'s patterns, read from the
 * code (the compiler makes each one a literal), against the router's own (router.tsx). A
 * link to a route renamed or removed fails here, not on an agent's phone.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { routePatterns } from '@/lib/route-patterns'
import { routes } from './router'

const SRC = join(import.meta.dirname, '..')

/** Each `pathTo('<pattern>'` of the production code, with where it is written. */
function linkPatterns(): { file: string; pattern: string }[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$|^test\//.test(f.split('\\').join('/')),
  )
  return files.flatMap((file) =>
    [...readFileSync(join(SRC, file), 'utf8').matchAll(/\bpathTo\(\s*'([^']*)'/g)].map((m) => ({
      file: relative(SRC, join(SRC, file)),
      pattern: m[1]!,
    })),
  )
}

describe("the app's links", () => {
  const known = new Set(routePatterns(routes).map((r) => r.pattern))
  const links = linkPatterns()

  it('are read from the code', () => {
    expect(links.length).toBeGreaterThan(50)
    expect(links.map((l) => l.pattern)).toContain('/tasks/:slug/report/:section')
  })

  it('each name a route of the router', () => {
    const unknown = links.filter((l) => !known.has(l.pattern))
    expect(unknown.map((l) => `${l.file}: pathTo('${l.pattern}')`)).toEqual([])
  })
})
