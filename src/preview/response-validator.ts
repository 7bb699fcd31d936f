/**
 * Checks each success body against openapi.yaml at runtime, in development and in the demo
 * only (loaded lazily by their entry points; the agent app's production bundle never carries
 * it). The schemas come from the same generated file as the fake backend's validation
 * (src/api/json-schemas.gen.json, written by `npm run api:generate`), built into zod once per
 * operation. A drift between the client and the contract becomes a visible error, not a
 * screen that quietly renders `undefined`.
 */
// Classic zod (z.fromJSONSchema) under the fake backend's package name: like the fake backend,
// this runs only in dev and the demo, and its zod core must not share a chunk with the app's
// zod/mini validators (see README, "Dependencies worth a note").
import { z } from 'zod-fake-backend'
import type { ResponseCheck, ResponseIssue, ResponseValidator } from '@/api/client'
import jsonSchemas from '@/api/json-schemas.gen.json'

type JsonSchema = Parameters<typeof z.fromJSONSchema>[0]

const responses = jsonSchemas.responses as Record<string, Record<string, unknown> | undefined>
const cache = new Map<string, z.ZodType | null>()

function schemaFor(method: string, path: string, status: number): z.ZodType | null {
  const key = `${method.toUpperCase()} ${path} ${status}`
  let schema = cache.get(key)
  if (schema === undefined) {
    const json = responses[`${method.toUpperCase()} ${path}`]?.[String(status)]
    schema =
      json === undefined
        ? null
        : z.fromJSONSchema({ ...(json as object), $defs: jsonSchemas.$defs } as JsonSchema)
    cache.set(key, schema)
  }
  return schema
}

/** RFC 6901 pointer of a zod issue's path (`/items/0/status/code`). */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((part) => `/${String(part).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/**
 * The first place where the body breaks the operation's success schema, or undefined. Only
 * the pointer and what was expected are reported, never the value found (it may be personal).
 */
export const validateApiResponse: ResponseValidator = (check: ResponseCheck) => {
  const declared = responses[`${check.method.toUpperCase()} ${check.path}`]
  // A JSON success under a status the operation does not declare (200 for a 201) is drift too.
  if (declared && !(String(check.status) in declared))
    return { pointer: '/', problem: `status ${check.status} not declared` }
  const schema = schemaFor(check.method, check.path, check.status)
  if (!schema) return undefined
  const result = schema.safeParse(check.body)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  const found: ResponseIssue = {
    pointer: issue ? jsonPointer(issue.path) || '/' : '/',
    problem: issue ? describeIssue(issue) : 'invalid',
  }
  return found
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`
    case 'invalid_value':
      return 'value not allowed'
    case 'unrecognized_keys':
      return `unexpected keys ${issue.keys.join(', ')}`
    default:
      return issue.code
  }
}
