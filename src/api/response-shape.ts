/**
 * The production app's check of a read's body (`GET`, 200): every member `openapi.yaml`
 * requires is there with its kind (string, number, boolean, object, array, null where
 * allowed), at every depth (src/api/response-shapes.gen.ts, generated from the spec); one
 * that may be null may also be missing. A body
 * that breaks it is an `invalid_response`, which every screen already shows as "O servidor
 * respondeu algo inesperado" with a retry — instead of a screen that reads `task.status.code`
 * of a body without `status` and crashes. Formats, bounds and enum values are left to the full
 * check of development and the demo (src/preview/response-validator.ts): this one must stay
 * small. Loaded in a chunk of its own, beside the first request (src/lib/api.ts).
 */
import type { ResponseCheck, ResponseIssue } from './client'
import { READS, SHAPES } from './response-shapes.gen'

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function issueIn(value: unknown, kind: string, pointer: string): ResponseIssue | undefined {
  if (kind.endsWith('?')) {
    if (value === null) return undefined
    kind = kind.slice(0, -1)
  }
  const expected = (problem: string) => ({
    pointer: pointer || '/',
    problem: `expected ${problem}`,
  })
  switch (kind[0]) {
    case 's':
      return typeof value === 'string' ? undefined : expected('string')
    case 'n':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : expected('number')
    case 'b':
      return typeof value === 'boolean' ? undefined : expected('boolean')
    case 'o':
      return isObject(value) ? undefined : expected('object')
    case '[': {
      if (!Array.isArray(value)) return expected('array')
      for (let i = 0; i < value.length; i++) {
        const found = issueIn(value[i], kind.slice(1), `${pointer}/${i}`)
        if (found) return found
      }
      return undefined
    }
    case '@': {
      if (!isObject(value)) return expected('object')
      for (const member of SHAPES[kind.slice(1)]?.split(' ') ?? []) {
        const at = member.indexOf(':')
        const name = member.slice(0, at)
        const memberKind = member.slice(at + 1)
        // A member that may be null, or be anything, may also be missing: the screens read
        // it as "none" either way (and a pact cannot ask for "a date or null" in a list).
        const found =
          name in value
            ? issueIn(value[name], memberKind, `${pointer}/${name}`)
            : memberKind === '*' || memberKind.endsWith('?')
              ? undefined
              : { pointer: `${pointer}/${name}`, problem: 'required' }
        if (found) return found
      }
      return undefined
    }
    default:
      return undefined
  }
}

/** The first place where a read's body breaks its shape, or undefined (any other call). */
export function checkResponseShape(check: ResponseCheck): ResponseIssue | undefined {
  const kind =
    check.status === 200 ? READS[`${check.method.toUpperCase()} ${check.path}`] : undefined
  return kind === undefined ? undefined : issueIn(check.body, kind, '')
}
