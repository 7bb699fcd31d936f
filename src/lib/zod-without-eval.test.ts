// @vitest-isolate: zod must load after ./zod-without-eval, in a module graph of this file's own
// (in the shared one of the `unit` project another file may have loaded zod already).
import { describe, expect, it } from 'vitest'

describe('zod without eval', () => {
  it('is set before zod loads, and zod takes it (no `new Function` probe under the CSP)', async () => {
    await import('./zod-without-eval')
    const { config } = await import('zod/mini')
    expect(config().jitless).toBe(true)
  })
})
