/**
 * Zod schemas of the API entities, built at load time from the JSON Schemas that
 * `npm run api:generate` extracts from openapi.yaml. Runtime and types both come from the
 * spec: the cast only attaches the generated type to the generated validator.
 */
import { z } from 'zod-fake-backend'
import type { components } from '@/api/schema.gen'
import jsonSchemas from '@/api/json-schemas.gen.json'

type SchemaName = keyof components['schemas']

// Field messages of API-shaped validation in pt-BR (the domain schemas carry their own).
z.config(z.locales.pt())

const cache = new Map<SchemaName, z.ZodType>()

export function apiSchema<Name extends SchemaName>(
  name: Name,
): z.ZodType<components['schemas'][Name], components['schemas'][Name]> {
  let schema = cache.get(name)
  if (!schema) {
    schema = z.fromJSONSchema({ $ref: `#/$defs/${name}`, $defs: jsonSchemas.$defs } as Parameters<
      typeof z.fromJSONSchema
    >[0])
    cache.set(name, schema)
  }
  return schema as z.ZodType<components['schemas'][Name], components['schemas'][Name]>
}

/** An API entity owned by one agent: the entity plus the owner's id (stripped from responses). */
export function ownedSchema<Name extends SchemaName>(name: Name) {
  return z.intersection(apiSchema(name), z.object({ ownerId: z.string() }))
}
