/**
 * Route patterns as React Router writes them (`/tasks/:slug`, `/tasks/validations/:channel?`,
 * `/account/details/*`), read without React Router: the build's table of prerendered
 * documents (app/prerender.tsx, lib/html-documents) and the start's first data requests
 * (app/early-start.ts), which go out before React Router's code has arrived; and written:
 * `pathTo` builds every link of the app from its pattern, each parameter encoded.
 *
 * Matching follows React Router's ranking: the most specific pattern wins, a static segment
 * beating a parameter, which beats a splat.
 */
import type { RouteObject } from 'react-router-dom'

/** A full pattern and the routes on the way to it, outermost first. */
export type RoutePattern = { pattern: string; chain: RouteObject[] }

/**
 * A route's `handle`, given by its `lazy`, when the code it needs depends on the path's
 * parameters (a part's page in the check-in shell needs that part's editor): the route
 * prefetch loads it too (app/likely-next-routes.ts).
 */
export type RouteCodeHandle = {
  prefetchCode?: (params: Record<string, string>) => Promise<unknown>
}

/** Every route's full pattern (optional segments expanded), with the routes leading to it. */
export function routePatterns(
  routes: readonly RouteObject[],
  base = '',
  ancestors: RouteObject[] = [],
): RoutePattern[] {
  const found: RoutePattern[] = []
  for (const route of routes) {
    const joined = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base
    const chain = [...ancestors, route]
    for (const pattern of expandOptional(joined || '/')) {
      if (route.index || route.path) found.push({ pattern, chain })
      if (route.children)
        found.push(...routePatterns(route.children, pattern === '/' ? '' : pattern, chain))
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

const SEGMENT_SCORE = { static: 10, param: 3, splat: -2 }

export type PatternMatch = { score: number; params: Record<string, string> }

/** How specific `pattern` is for the path's `segments`, and its parameters; null if no match. */
export function matchPattern(pattern: string, segments: readonly string[]): PatternMatch | null {
  const parts = pattern.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  let score = 0
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (part === '*') {
      params['*'] = segments.slice(i).join('/')
      return { score: score + SEGMENT_SCORE.splat, params }
    }
    const segment = segments[i]
    if (segment === undefined) return null
    if (part.startsWith(':')) {
      params[part.slice(1)] = segment
      score += SEGMENT_SCORE.param
    } else if (part === segment) score += SEGMENT_SCORE.static
    else return null
  }
  return parts.length === segments.length ? { score, params } : null
}

/** A path's segments, decoded; null when one does not decode. */
export function pathSegments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return null
  }
}

/** The most specific of `candidates` for `pathname`, with its parameters. */
export function bestMatch<T extends { pattern: string }>(
  candidates: readonly T[],
  pathname: string,
): (T & { params: Record<string, string> }) | undefined {
  const segments = pathSegments(pathname)
  if (!segments) return undefined
  let best: (T & PatternMatch) | undefined
  for (const candidate of candidates) {
    const match = matchPattern(candidate.pattern, segments)
    if (match && (!best || match.score > best.score)) best = { ...candidate, ...match }
  }
  return best
}

// ---------------------------------------------------------------------------------------------
// Links

/** The names of a pattern's parameters: `/tasks/:slug/report/:section` → `slug | section`. */
export type PathParamNames<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? PathParamNames<Head> | PathParamNames<Rest>
  : P extends `:${infer Name}`
    ? Name
    : never

/** A link's query: each value written as text, an undefined one left out. */
export type PathQuery = Record<string, string | number | undefined>

/**
 * A pattern `pathTo` takes: a literal (so the app's patterns can be read from the code, and
 * each parameter typed), a full path, without React Router's optional segments or splats
 * (name the pattern with the segment, or the one without it).
 */
type LinkPattern<P extends string> = string extends P
  ? never
  : P extends `/${string}`
    ? P extends `${string}?${string}` | `${string}*${string}`
      ? never
      : P
    : never

type PathArgs<P extends string> = [PathParamNames<P>] extends [never]
  ? [params?: Record<string, never>, query?: PathQuery]
  : [params: { [K in PathParamNames<P>]: string | number }, query?: PathQuery]

/**
 * The app path of `pattern` (one of the app's route patterns, `/tasks/:slug/report/:section`)
 * with its parameters, each encoded as one segment, and an optional query:
 * `pathTo('/tasks/:slug/report/:section', { slug, section })`,
 * `pathTo('/permissions/position', {}, { next })`. A parameter missing, extra or misspelt
 * does not compile; a pattern the router does not have fails a test (app/links.test.ts).
 * Every in-app link is built here (an ESLint rule refuses a path written by hand).
 *
 * Throws for an empty, `.` or `..` parameter: no URL can carry one (the browser and the
 * router read `..` as "the folder above"), and no id or slug of the API is one.
 */
export function pathTo<const P extends string>(
  pattern: LinkPattern<P>,
  ...[params, query]: PathArgs<P>
): string {
  const values = (params ?? {}) as Record<string, string | number>
  const path = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part
      const value = values[part.slice(1)]
      const text = value === undefined ? '' : String(value)
      if (text === '' || text === '.' || text === '..')
        throw new RangeError(`pathTo: ${part} cannot be "${text}" in ${pattern}`)
      return encodeURIComponent(text)
    })
    .join('/')
  if (!query) return path
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.append(name, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
