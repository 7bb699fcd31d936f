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

export async function renderGeneratedFiles(): Promise<Array<[path: string, content: string]>> {
  return [
    [generatedTypesPath, await renderApiTypes()],
    [generatedJsonSchemasPath, await renderJsonSchemas()],
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
