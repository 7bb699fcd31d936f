/**
 * Checks a response against openapi.yaml: the operation is found by method and path, the
 * status must be one the operation declares, the content type one of that response's, and
 * a JSON body must match its schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

type MediaObject = { schema?: unknown }
type ResponseObject = { $ref?: string; content?: Record<string, MediaObject> }
type Operation = { operationId: string; responses: Record<string, ResponseObject> }
type Spec = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown>; responses: Record<string, ResponseObject> }
}

export type SpecOperation = {
  method: string
  path: string
  operationId: string
  regex: RegExp
  statuses: string[]
}

const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url))
const spec = parse(readFileSync(specPath, 'utf8')) as Spec
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch']

const ajv = new Ajv2020({ strict: false, allErrors: true })
addFormats.default(ajv)
ajv.addSchema({
  $id: 'avaliador',
  $defs: JSON.parse(
    JSON.stringify(spec.components.schemas).replaceAll(
      '#/components/schemas/',
      'avaliador#/$defs/',
    ),
  ),
})

export const specOperations: SpecOperation[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      regex: new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+')}$`,
      ),
      statuses: Object.keys(op.responses),
    })),
)

/** Finds the operation for a method and a path relative to the API base (e.g. `/tasks/T-1`). */
export function findOperation(method: string, path: string): SpecOperation | undefined {
  const candidates = specOperations.filter(
    (op) => op.method === method.toUpperCase() && op.regex.test(path),
  )
  // Prefer literal segments over parameters: `/tasks/mine` before `/tasks/{id}`.
  return candidates.sort(
    (a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0),
  )[0]
}

const compiled = new Map<string, ValidateFunction>()

function resolveResponse(response: ResponseObject): ResponseObject {
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!
    return spec.components.responses[name]!
  }
  return response
}

export type ValidationResult =
  { ok: true; operationId: string } | { ok: false; operationId?: string; errors: string[] }

export function validateResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): ValidationResult {
  const op = findOperation(method, path)
  if (!op) return { ok: false, errors: [`No operation in openapi.yaml for ${method} ${path}`] }
  const opObject = spec.paths[op.path]![op.method.toLowerCase()]!
  const declared = opObject.responses[String(status)] ?? opObject.responses['default']
  if (!declared)
    return {
      ok: false,
      operationId: op.operationId,
      errors: [
        `${op.operationId} does not declare status ${status} (declares ${op.statuses.join(', ')})`,
      ],
    }
  const response = resolveResponse(declared)
  if (!response.content) {
    return body === null || body === undefined || body === ''
      ? { ok: true, operationId: op.operationId }
      : {
          ok: false,
          operationId: op.operationId,
          errors: [`${op.operationId} ${status} declares no body`],
        }
  }
  const type = (contentType ?? '').split(';')[0]!.trim()
  const media = response.content[type]
  if (!media)
    return {
      ok: false,
      operationId: op.operationId,
      errors: [
        `${op.operationId} ${status}: content type "${type}" not in ${Object.keys(response.content).join(', ')}`,
      ],
    }
  if (!type.includes('json')) return { ok: true, operationId: op.operationId }
  const key = `${op.operationId}:${status}:${type}`
  let validate = compiled.get(key)
  if (!validate) {
    const schema = JSON.parse(
      JSON.stringify(media.schema ?? {}).replaceAll('#/components/schemas/', 'avaliador#/$defs/'),
    )
    validate = ajv.compile(schema)
    compiled.set(key, validate)
  }
  if (validate(body)) return { ok: true, operationId: op.operationId }
  return {
    ok: false,
    operationId: op.operationId,
    errors: (validate.errors ?? []).map(
      (e) => `${op.operationId} ${status} ${e.instancePath || '(root)'} ${e.message ?? ''}`,
    ),
  }
}
