import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { renderGeneratedFiles } from './generate-api-types'

describe('generated API files', () => {
  it('match openapi.yaml (run `npm run api:generate` after changing the spec)', async () => {
    for (const [path, expected] of await renderGeneratedFiles()) {
      const committed = await readFile(path, 'utf8')
      expect(committed === expected, `${path} is stale`).toBe(true)
    }
  }, 30_000)
})
