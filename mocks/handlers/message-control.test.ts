import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'

const ORIGIN = 'http://fake.test'
const HOSTILE = `<img src=x onerror="window.__xss=1"> & "aspas" ‮ 10 kB: ${'x'.repeat(10_000)}`

async function control(
  api: Awaited<ReturnType<typeof createFakeApi>>,
  path: string,
  body: unknown,
) {
  const response = await getResponse(
    api.backend.handlers,
    new Request(`${ORIGIN}${api.backend.context.baseUrl}/__fake/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { baseUrl: ORIGIN },
  )
  return { status: response!.status, body: (await response!.json()) as Record<string, unknown> }
}

describe('control plane: messages with exactly the given text', () => {
  it('seeds a notification the agent then reads unchanged, link included', async () => {
    const api = await createFakeApi({ controlApi: true })
    const seeded = await control(api, 'notifications', {
      title: HOSTILE,
      body: HOSTILE,
      link: 'javascript:alert(1)',
    })
    expect(seeded.status).toBe(201)
    const read = await api.call('GET', `/notifications/${String(seeded.body.slug)}`)
    expect(read.body).toMatchObject({ title: HOSTILE, body: HOSTILE, link: 'javascript:alert(1)' })
    const list = await api.call('GET', '/notifications/mine')
    expect(list.body.items[0].title).toBe(HOSTILE)
  })

  it('seeds bulletins with distinct ids, and refuses an empty text', async () => {
    const api = await createFakeApi({ controlApi: true })
    await control(api, 'bulletins', { title: HOSTILE, body: 'um' })
    await control(api, 'bulletins', { title: 'dois', body: HOSTILE })
    const { body } = await api.call('GET', '/bulletins')
    const mine = (body.items as Array<{ title: string; body: string }>).filter(
      (b) => b.title === HOSTILE || b.body === HOSTILE,
    )
    expect(mine).toHaveLength(2)
    expect((await control(api, 'bulletins', { title: '', body: 'x' })).status).toBe(422)
  })
})
