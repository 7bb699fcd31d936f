/**
 * What the app's build (vite.config.ts) and the prerender's server build
 * (scripts/prerender.ts) share: the `@/` alias and the constants compiled in.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const sharedConfig = {
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    // A query cache kept on the phone by a build with other API shapes is dropped
    // (src/lib/query-persistence.ts): the hash of the types generated from openapi.yaml.
    __QUERY_CACHE_BUSTER__: JSON.stringify(
      createHash('sha256')
        .update(readFileSync(new URL('./src/api/schema.gen.ts', import.meta.url)))
        .digest('hex')
        .slice(0, 16),
    ),
  },
}
