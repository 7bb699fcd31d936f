/**
 * Generates src/api/schema.gen.ts from openapi.yaml with openapi-typescript.
 *   npm run api:generate         write the file
 *   npm run api:generate -- --check   exit 1 when the committed file is stale
 */
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { format, resolveConfig } from 'prettier'
import { parse } from 'yaml'

const root = new URL('../', import.meta.url)
const specUrl = new URL('openapi.yaml', root)
export const generatedTypesPath = fileURLToPath(new URL('src/api/schema.gen.ts', root))
/**
 * components.schemas as JSON Schema 2020-12 with refs pointing at `#/$defs/…`, for zod and ajv;
 * `responses`: the JSON body schema of each operation's success statuses, keyed by
 * `METHOD /path/{template}` then status (the app's development/preview response check); and
 * `requestBodies`: the media types each operation's body may have, by the same key (the fake
 * backend's 415 and body limits, mocks/request-limits.ts).
 */
export const generatedJsonSchemasPath = fileURLToPath(
  new URL('src/api/json-schemas.gen.json', root),
)
/**
 * The shape of each read's success body, small enough for the production app
 * (src/api/response-shape.ts): every required member of every object and its kind.
 */
export const generatedResponseShapesPath = fileURLToPath(
  new URL('src/api/response-shapes.gen.ts', root),
)

const HEADER = `/**\n * Generated from openapi.yaml by scripts/generate-api-types.ts — do not edit.\n * Run \`npm run api:generate\` after changing the spec.\n */\n\n`

export async function renderApiTypes(): Promise<string> {
  const ast = await openapiTS(specUrl, {
    enumValues: true,
    alphabetize: false,
    defaultNonNullable: true,
    exportType: true,
  })
  const source = HEADER + astToString(ast)
  const config = (await resolveConfig(generatedTypesPath)) ?? {}
  return format(source, { ...config, parser: 'typescript' })
}

type SpecOperation = {
  requestBody?: { required?: boolean; content?: Record<string, unknown> }
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

export async function renderJsonSchemas(): Promise<string> {
  const spec = parse(await readFile(specUrl, 'utf8')) as {
    paths: Record<string, Record<string, SpecOperation>>
    components: { schemas: unknown }
  }
  const responses: Record<string, Record<string, unknown>> = {}
  const requestBodies: Record<string, { required: boolean; mediaTypes: string[] }> = {}
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation.requestBody?.content)
        requestBodies[`${method.toUpperCase()} ${path}`] = {
          required: operation.requestBody.required ?? false,
          mediaTypes: Object.keys(operation.requestBody.content),
        }
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema
        if (!/^2\d\d$/.test(status) || schema === undefined) continue
        ;(responses[`${method.toUpperCase()} ${path}`] ??= {})[status] = schema
      }
    }
  }
  const defs = JSON.stringify({
    $defs: spec.components.schemas,
    responses,
    requestBodies,
  }).replaceAll('#/components/schemas/', '#/$defs/')
  return JSON.stringify(JSON.parse(defs) as unknown, null, 2) + '\n'
}

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  items?: JsonSchema
  required?: string[]
  properties?: Record<string, JsonSchema>
}

/**
 * A compact description of what each `GET` answers with, for the production app's check of a
 * read's body: `SHAPES[name]` lists the required members of schema `name` as `member:kind`
 * separated by spaces; a kind is `s` string, `n` number, `b` boolean, `o` object, `*` anything,
 * `@Name` another shape, `[kind` an array of it, and `?` after it when it may be null.
 * Optional members, formats, bounds and enum values are left to the development/demo check.
 */
export async function renderResponseShapes(): Promise<string> {
  const { $defs, responses } = JSON.parse(await renderJsonSchemas()) as {
    $defs: Record<string, JsonSchema>
    responses: Record<string, Record<string, JsonSchema>>
  }
  const shapes = new Map<string, string>()
  const refName = (ref: string) => ref.replace('#/$defs/', '')
  function kindOf(schema: JsonSchema): string {
    if (schema.$ref) {
      const name = refName(schema.$ref)
      const target = $defs[name]!
      if (target.type === 'object' && target.required?.length) {
        shape(name)
        return `@${name}`
      }
      return kindOf({ ...target, $ref: undefined })
    }
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
    const nullable = types.includes('null') ? '?' : ''
    const [type] = types.filter((t) => t !== 'null')
    const base =
      type === 'string'
        ? 's'
        : type === 'number' || type === 'integer'
          ? 'n'
          : type === 'boolean'
            ? 'b'
            : type === 'array'
              ? `[${schema.items ? kindOf(schema.items) : '*'}`
              : type === 'object'
                ? 'o'
                : '*'
    return base === '*' ? '*' : base + nullable
  }
  function shape(name: string) {
    if (shapes.has(name)) return
    shapes.set(name, '')
    const schema = $defs[name]!
    shapes.set(
      name,
      (schema.required ?? [])
        .map((member) => {
          const property = schema.properties?.[member]
          return `${member}:${property ? kindOf(property) : '*'}`
        })
        .join(' '),
    )
  }
  const reads: Record<string, string> = {}
  for (const [operation, byStatus] of Object.entries(responses)) {
    const body = byStatus['200']
    if (!operation.startsWith('GET ') || !body) continue
    reads[operation] = kindOf(body)
  }
  const sorted = (map: Iterable<[string, string]>) =>
    Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)))
  const source = `${HEADER}/** Required members of each shape, \`member:kind\` (scripts/generate-api-types.ts). */
export const SHAPES: Record<string, string> = ${JSON.stringify(sorted(shapes))}

/** The kind of each read's 200 body, by \`GET /path/{template}\`. */
export const READS: Record<string, string> = ${JSON.stringify(sorted(Object.entries(reads)))}
`
  const config = (await resolveConfig(generatedResponseShapesPath)) ?? {}
  return format(source, { ...config, parser: 'typescript' })
}

export async function renderGeneratedFiles(): Promise<Array<[path: string, content: string]>> {
  return [
    [generatedTypesPath, await renderApiTypes()],
    [generatedJsonSchemasPath, await renderJsonSchemas()],
    [generatedResponseShapesPath, await renderResponseShapes()],
  ]
}

async function main() {
  const check = process.argv.includes('--check')
  for (const [path, next] of await renderGeneratedFiles()) {
    if (check) {
      const current = await readFile(path, 'utf8').catch(() => '')
      if (current !== next) {
        console.error(`${path} is stale: run \`npm run api:generate\`.`)
        process.exitCode = 1
      } else console.log(`${path} is fresh.`)
    } else {
      await writeFile(path, next)
      console.log(`wrote ${path}`)
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main()
}
