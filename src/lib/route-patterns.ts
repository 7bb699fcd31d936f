/**
 * Route patterns as React Router writes them (`/tasks/:slug`, `/tasks/validations/:channel?`,
 * `/account/details/*`), read without React Router: the build's table of prerendered
 * documents (app/prerender.tsx, lib/html-documents) and the start's first data requests
 * (app/early-start.ts), which go out before React Router's code has arrived.
 *
 * Matching follows React Router's ranking: the most specific pattern wins, a static segment
 * beating a parameter, which beats a splat.
 */
import type { RouteObject } from 'react-router-dom'

/** A full pattern and the routes on the way to it, outermost first. */
export type RoutePattern = { pattern: string; chain: RouteObject[] }

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
