/**
 * The fake backend sends real Web Push: `web-push` encrypts each notification for the
 * device's keys and posts it, VAPID-signed, to the device's push service — here a local HTTPS
 * server that records the request and decrypts it as the browser would.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parsePushMessage } from '@/domain/push-message'
import { createFakeApi } from './testing/fake-api'
import { startPushService, type PushService } from './testing/push-service'
import { loadOrCreateVapidKeys, webPushGateway } from './web-push-gateway'
import { advanceClock, announceBulletin, notifyAgent } from './notify'
import { approveReport, contestReport, rejectReport } from './handlers/revisions'
import { sendOpportunity } from './demo-actions'
import { DEMO_AGENT_ID } from './seed/seed'

let service: PushService
let keysDir: string
const keys = () => loadOrCreateVapidKeys(join(keysDir, 'vapid-keys.json'))

beforeAll(async () => {
  service = await startPushService()
  keysDir = mkdtempSync(join(tmpdir(), 'avaliador-vapid-'))
})
afterAll(async () => {
  await service.close()
  rmSync(keysDir, { recursive: true, force: true })
})

async function setup() {
  const api = await createFakeApi({ pushGateway: webPushGateway(keys()) })
  const device = service.device()
  const registered = await api.call('POST', '/push/subscriptions', {
    body: { subscription: device.toJSON(), deviceLabel: 'Chrome no Android' },
  })
  expect(registered.status).toBe(201)
  const sentTo = () => service.requests.filter((r) => device.endpoint.endsWith(r.path))
  return { api, device, sentTo, id: registered.body.id as string }
}

describe('the VAPID key pair', () => {
  it('is made on the first start, kept, and the same on the next', () => {
    const file = join(keysDir, 'first-start.json')
    const first = loadOrCreateVapidKeys(file)
    expect(first.created).toBe(true)
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const next = loadOrCreateVapidKeys(file)
    expect(next).toEqual({ ...first, created: false })
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    })
  })
})

describe('a notification is pushed to each device of the agent', () => {
  it('encrypted for the device, VAPID-signed, with the notification as its payload', async () => {
    const { api, device, sentTo } = await setup()
    expect((await api.call('GET', '/push/key')).body.publicKey).toBe(keys().publicKey)
    const notification = await notifyAgent(api.backend.context, DEMO_AGENT_ID, {
      kind: 'validation',
      title: 'Relatório com pendências',
      body: 'Responda em até 48 horas.',
      link: '/tasks/T-4821/validation',
      slug: 'pendencias-t-4821',
    })
    const [request] = sentTo()
    expect(request).toBeDefined()
    expect(request!.headers['content-encoding']).toBe('aes128gcm')
    expect(request!.headers.ttl).toBe(String(24 * 60 * 60))
    expect(request!.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${keys().publicKey}$`),
    )
    // The body is ciphertext: the title is nowhere in it.
    expect(request!.body.includes(Buffer.from('pendências'))).toBe(false)
    const message = parsePushMessage(device.decrypt(request!))
    expect(message).toEqual({
      title: 'Relatório com pendências',
      body: 'Responda em até 48 horas.',
      tag: notification.slug,
      link: '/tasks/T-4821/validation',
      kind: 'validation',
      unreadCount: 4,
    })
    expect(api.backend.context.push.sent.at(-1)).toMatchObject({
      endpoint: device.endpoint,
      status: 201,
      message,
    })
  })

  const validating = (ctx: Awaited<ReturnType<typeof setup>>['api']['backend']['context']) =>
    ctx.db.tasks.findFirst((q) =>
      q.where((t) => t.agentId === DEMO_AGENT_ID && t.status.code === 'validating'),
    )!.id
  type Ctx = Parameters<typeof validating>[0]
  it.each<[string, (ctx: Ctx) => Promise<unknown>, string[]]>([
    ['a new offer', (ctx) => sendOpportunity(ctx), ['Nova oportunidade perto de você']],
    [
      'pendencies',
      (ctx) => contestReport(ctx, validating(ctx), [{ section: 'evidences', message: 'Escura.' }]),
      ['Relatório com pendências'],
    ],
    [
      'an approval, then the payment released 7 days later',
      async (ctx) => {
        await approveReport(ctx, validating(ctx))
        await advanceClock(ctx, 8 * 24 * 60 * 60 * 1000)
      },
      ['Tarefa aprovada', 'Pagamento disponível'],
    ],
    [
      'a rejection',
      (ctx) => rejectReport(ctx, validating(ctx), 'Fotos de outra loja.'),
      ['Relatório reprovado'],
    ],
    [
      'a bulletin',
      (ctx) => announceBulletin(ctx, DEMO_AGENT_ID, { title: 'Campanha', body: 'Shoppings +20%.' }),
      ['Campanha'],
    ],
  ])('for %s', async (_name, act, titles) => {
    const { api, device, sentTo } = await setup()
    await act(api.backend.context)
    expect(sentTo().map((r) => parsePushMessage(device.decrypt(r))?.title)).toEqual(titles)
  })

  it('removes a device the push service says is gone (410, 404), and keeps the rest', async () => {
    const { api, device, sentTo } = await setup()
    const other = service.device()
    await api.call('POST', '/push/subscriptions', {
      body: { subscription: other.toJSON(), deviceLabel: 'Chrome no computador' },
    })
    service.answer(device.endpoint, 410)
    const deliveries = await notifyAgent(api.backend.context, DEMO_AGENT_ID, {
      kind: 'system',
      title: 'Aviso',
      body: 'Texto.',
    }).then(() => api.backend.context.push.sent.slice(-2))
    expect(deliveries.find((d) => d.endpoint === device.endpoint)).toMatchObject({
      status: 410,
      removed: true,
    })
    expect(deliveries.find((d) => d.endpoint === other.endpoint)).toMatchObject({ status: 201 })
    expect(api.db.pushSubscriptions.all().map((s) => s.endpoint)).toEqual([other.endpoint])
    expect(sentTo()).toHaveLength(1)
  })

  it('logs a push service it cannot reach, and the notification is still kept', async () => {
    const api = await createFakeApi({ pushGateway: webPushGateway(keys()) })
    await api.call('POST', '/push/subscriptions', {
      body: {
        subscription: { ...service.device().toJSON(), endpoint: 'https://127.0.0.1:1/push/x' },
        deviceLabel: 'Sem rede',
      },
    })
    const notification = await notifyAgent(api.backend.context, DEMO_AGENT_ID, {
      kind: 'system',
      title: 'Aviso',
      body: 'Texto.',
    })
    expect(api.backend.context.push.sent.at(-1)).toMatchObject({ status: 0 })
    expect(api.backend.context.push.sent.at(-1)!.error).toBeTruthy()
    expect(api.db.notifications.findFirst((q) => q.where({ id: notification.id }))).toBeTruthy()
    expect(api.db.pushSubscriptions.all()).toHaveLength(1)
  })

  it('sends nothing to a device removed with DELETE', async () => {
    const { api, id, sentTo } = await setup()
    expect((await api.call('DELETE', `/push/subscriptions/${id}`)).status).toBe(204)
    await notifyAgent(api.backend.context, DEMO_AGENT_ID, { kind: 'system', title: 'A', body: 'B' })
    expect(sentTo()).toHaveLength(0)
  })
})
