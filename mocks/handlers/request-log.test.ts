import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'

describe('the request log (GET /__fake/requests)', () => {
  it('lists the calls that reached a handler, with their key; not the faulted ones', async () => {
    const api = await createFakeApi({ controlApi: true })
    api.backend.addFaults({ method: 'GET', path: '/me', fault: 'server-error', times: 1 })
    const faulted = await getResponse(
      api.backend.handlers,
      new Request('http://fake.test/api/me', { headers: { Authorization: 'Bearer demo-token' } }),
      { baseUrl: 'http://fake.test' },
    )
    expect(faulted!.status).toBe(500)
    await api.call('GET', '/me')
    await api.call('PUT', '/me/availability', {
      body: { available: false },
      idempotencyKey: 'chave-1',
    })
    await api.call('GET', '/wallet')
    const control = (method: string, query = '') =>
      getResponse(
        api.backend.handlers,
        new Request(`http://fake.test/api/__fake/requests${query}`, { method }),
        { baseUrl: 'http://fake.test' },
      ).then((r) => r!.json() as Promise<{ requests: Array<Record<string, unknown>> }>)
    const { requests } = await control('GET', '?path=/me')
    expect(requests.map((r) => `${String(r.method)} ${String(r.path)}`)).toEqual([
      'GET /api/me',
      'PUT /api/me/availability',
    ])
    expect(requests[1]!.idempotencyKey).toBe('chave-1')
    await control('DELETE')
    expect((await control('GET')).requests).toEqual([])
  })
})
