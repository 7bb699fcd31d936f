/**
 * The production app's shape check of reads (response-shape.ts): the fake backend's real
 * answer to every read in openapi.yaml passes it (a false alarm would take a screen away from
 * an agent), and a body that lost a required member, has one of the wrong kind or a null where
 * none is allowed is an invalid response with the JSON pointer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_TOKEN } from '../../mocks/seed/seed'
import { setupFakeServer } from '../../mocks/node'
import { ApiError } from './api-error'
import { createApiClient, data } from './client'
import { checkResponseShape } from './response-shape'
import { READS } from './response-shapes.gen'

const fake = await setupFakeServer()
const client = createApiClient({
  baseUrl: fake.apiBaseUrl,
  getToken: () => DEMO_TOKEN,
  validateResponse: () => checkResponseShape,
})

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  vi.restoreAllMocks()
  await fake.backend.reset()
})
afterAll(() => fake.server.close())

describe('the production shape check of reads', () => {
  it("passes the fake backend's answer to every read openapi.yaml declares", async () => {
    const task = (await data(client.GET('/tasks/mine'))).items.find(
      (t) => t.status.code === 'contested',
    )!
    const mission = await data(
      client.GET('/missions/{id}', { params: { path: { id: task.missionId } } }),
    )
    const offer = (await data(client.GET('/opportunities'))).items[0]!
    const notification = (await data(client.GET('/notifications/mine'))).items[0]!
    const reads: Record<string, () => Promise<unknown>> = {
      'GET /awards/mine': () => data(client.GET('/awards/mine')),
      'GET /bulletins': () => data(client.GET('/bulletins')),
      'GET /forms/{id}': () =>
        data(client.GET('/forms/{id}', { params: { path: { id: mission.formId } } })),
      'GET /health': () => data(client.GET('/health')),
      'GET /me': () => data(client.GET('/me')),
      'GET /me/profile': () => data(client.GET('/me/profile')),
      'GET /missions/{id}': () =>
        data(client.GET('/missions/{id}', { params: { path: { id: task.missionId } } })),
      'GET /notifications/{slug}': () =>
        data(
          client.GET('/notifications/{slug}', { params: { path: { slug: notification.slug } } }),
        ),
      'GET /notifications/mine': () => data(client.GET('/notifications/mine')),
      'GET /opportunities': () => data(client.GET('/opportunities')),
      'GET /opportunities/{taskId}': () =>
        data(client.GET('/opportunities/{taskId}', { params: { path: { taskId: offer.taskId } } })),
      'GET /projects/{id}': () =>
        data(client.GET('/projects/{id}', { params: { path: { id: task.projectId } } })),
      'GET /push/key': () => data(client.GET('/push/key')),
      'GET /reports/{id}': () =>
        data(client.GET('/reports/{id}', { params: { path: { id: task.reportId } } })),
      'GET /reports/{id}/revisions/current': () =>
        data(
          client.GET('/reports/{id}/revisions/current', {
            params: { path: { id: task.reportId } },
          }),
        ),
      'GET /tasks/{id}': () =>
        data(client.GET('/tasks/{id}', { params: { path: { id: task.slug } } })),
      'GET /tasks/mine': () =>
        data(client.GET('/tasks/mine', { params: { query: { limit: 200 } } })),
      'GET /terms/current': () => data(client.GET('/terms/current')),
      'GET /wallet': () => data(client.GET('/wallet')),
    }
    // Every read of the spec is here: a new one needs its line.
    expect(Object.keys(reads).sort()).toEqual(Object.keys(READS).sort())
    for (const [operation, read] of Object.entries(reads))
      await expect(read(), operation).resolves.toBeDefined()
  })

  it('a task that drifted (every member renamed) is an invalid response, not a task', async () => {
    const task = (await data(client.GET('/tasks/mine'))).items[0]!
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    fake.backend.addFaults({ method: 'GET', path: '/tasks/{id}', fault: 'schema-mismatch' })
    const error = await data(
      client.GET('/tasks/{id}', { params: { path: { id: task.slug } } }),
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'invalid_response', path: '/tasks/{id}', status: 200 })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('em /id (required)'))
  })

  const check = (path: string, body: unknown) =>
    checkResponseShape({ method: 'GET', path, status: 200, body })
  const terms = {
    version: '1',
    title: 'Termos',
    body: 'Texto',
    publishedAt: '2026-01-01T00:00:00Z',
    acceptedAt: null,
  }

  it('takes null only where the spec allows it, and says where a kind is wrong', () => {
    expect(check('/terms/current', terms)).toBeUndefined()
    expect(check('/terms/current', { ...terms, title: null })).toEqual({
      pointer: '/title',
      problem: 'expected string',
    })
    expect(check('/terms/current', { ...terms, acceptedAt: 3 })).toEqual({
      pointer: '/acceptedAt',
      problem: 'expected string',
    })
    expect(check('/terms/current', [terms])).toEqual({ pointer: '/', problem: 'expected object' })
    expect(check('/terms/current', null)).toEqual({ pointer: '/', problem: 'expected object' })
  })

  it('lets a member that may be null (or be anything) be missing: the screens read it as none', () => {
    const { acceptedAt: _, ...withoutAcceptedAt } = terms
    expect(check('/terms/current', withoutAcceptedAt)).toBeUndefined()
    const { title: __, ...withoutTitle } = terms
    expect(check('/terms/current', withoutTitle)).toEqual({
      pointer: '/title',
      problem: 'required',
    })
  })

  it('looks into arrays and nested objects', () => {
    const bulletin = { id: 'b1', title: 't', body: 'b', publishedAt: 'x', readAt: null }
    expect(check('/bulletins', { items: [bulletin, bulletin] })).toBeUndefined()
    expect(check('/bulletins', { items: [bulletin, { ...bulletin, id: 7 }] })).toEqual({
      pointer: '/items/1/id',
      problem: 'expected string',
    })
    expect(check('/bulletins', { items: {} })).toEqual({
      pointer: '/items',
      problem: 'expected array',
    })
  })

  it('checks reads that answered 200 only', () => {
    expect(
      checkResponseShape({ method: 'POST', path: '/wallet/withdrawals', status: 201, body: {} }),
    ).toBeUndefined()
    expect(
      checkResponseShape({ method: 'GET', path: '/terms/current', status: 304, body: {} }),
    ).toBeUndefined()
    expect(check('/media/{id}/content', 'bytes')).toBeUndefined()
  })
})
