import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { AUDIO_MAX_BYTES, JSON_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '@/domain/constants'
import { createFakeApi } from './testing/fake-api'
import { DEMO_AGENT_ID } from './seed/seed'
import { bodyRuleOf } from './request-limits'

const KIB = 1024
const MB = 1024 * 1024

type Spec = {
  info: { description: string }
  paths: Record<
    string,
    Record<string, { operationId: string; requestBody?: unknown; responses: object }>
  >
  components: { responses: Record<string, { description: string }> }
}
const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as Spec

const available = (api: Awaited<ReturnType<typeof createFakeApi>>) =>
  api.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!.available

describe('a body of the wrong type', () => {
  it('is refused with 415 on an operation that declares JSON, and nothing changes', async () => {
    const api = await createFakeApi()
    const before = available(api)
    const body = { available: !before }
    for (const contentType of [
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const refused = await api.call('PUT', '/me/availability', {
        body,
        headers: { 'Content-Type': contentType },
      })
      expect(refused.status).toBe(415)
      expect(refused.body).toMatchObject({
        code: 'unsupported_media_type',
        detail: 'Envie o corpo como application/json.',
      })
    }
    expect(available(api)).toBe(before)
    const accepted = await api.call('PUT', '/me/availability', {
      body,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    })
    expect(accepted.status).toBe(200)
    expect(available(api)).toBe(!before)
  })

  it('is refused with 415 on an upload that is not a form', async () => {
    const api = await createFakeApi()
    const res = await api.call('POST', '/media', { body: { file: 'x' } })
    expect(res.status).toBe(415)
    expect(res.body.detail).toBe('Envie o corpo como multipart/form-data.')
  })
})

describe('a body over its operation’s limit', () => {
  it('is refused with 413 from its declared length, before the handler reads it', async () => {
    const api = await createFakeApi()
    const before = available(api)
    const over = await api.call('PUT', '/me/availability', {
      body: { available: !before },
      headers: { 'Content-Length': String(JSON_BODY_MAX_BYTES + 1) },
    })
    expect(over.status).toBe(413)
    expect(over.body).toMatchObject({
      code: 'body_too_large',
      detail: `O corpo da requisição passa de ${JSON_BODY_MAX_BYTES / KIB} KiB, o máximo desta operação.`,
    })
    expect(available(api)).toBe(before)
  })

  it('is the upload limit for an upload and the JSON limit for everything else', () => {
    expect(bodyRuleOf('POST', '/media')).toEqual({
      operation: 'POST /media',
      mediaTypes: ['multipart/form-data'],
      maxBytes: UPLOAD_BODY_MAX_BYTES,
    })
    expect(bodyRuleOf('put', '/reports/rep_1')).toEqual({
      operation: 'PUT /reports/{id}',
      mediaTypes: ['application/json'],
      maxBytes: JSON_BODY_MAX_BYTES,
    })
    expect(bodyRuleOf('POST', '/awards/').operation).toBe('POST /awards/')
    expect(bodyRuleOf('POST', '/awards').operation).toBe('POST /awards/')
    // A read, an operation with no body, the control plane: no type to check, the JSON limit.
    for (const [method, path] of [
      ['GET', '/reports/rep_1'],
      ['PUT', '/notifications/n-1/read'],
      ['POST', '/__fake/faults'],
      ['PUT', '/reports/rep_1/extra'],
    ] as const)
      expect(bodyRuleOf(method, path)).toEqual({
        operation: null,
        mediaTypes: [],
        maxBytes: JSON_BODY_MAX_BYTES,
      })
  })
})

describe('openapi.yaml', () => {
  const operations = Object.values(spec.paths).flatMap((item) => Object.values(item))

  it('declares 413 and 415 on every operation that takes a body', () => {
    const withBody = operations.filter((op) => op.requestBody)
    expect(withBody.length).toBeGreaterThan(10)
    expect(
      withBody
        .filter((op) => !('413' in op.responses && '415' in op.responses))
        .map((op) => op.operationId),
    ).toEqual([])
  })

  it('states the limits the fake backend enforces', () => {
    const json = `${JSON_BODY_MAX_BYTES / KIB} KiB`
    const upload = `${AUDIO_MAX_BYTES / MB} MB and ${(UPLOAD_BODY_MAX_BYTES - AUDIO_MAX_BYTES) / KIB} KiB`
    expect(spec.components.responses.BodyTooLarge!.description).toContain(json)
    expect(spec.components.responses.PayloadTooLarge!.description).toContain(upload)
    expect(spec.info.description).toContain(json)
    expect(spec.info.description).toContain(upload)
  })
})
