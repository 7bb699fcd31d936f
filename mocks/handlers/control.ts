/**
 * The fake backend's control plane, outside openapi.yaml, under `${baseUrl}/__fake/…`:
 * what a test, a contract verification or a demo presenter needs to act as the world
 * (read the last sign-in code, reset, move the clock, act as validator, set up provider
 * states) or to see what happened (the calls that reached it, the pushes it sent). Never part of the real API; only the fake backend answers it.
 */
import { http, HttpResponse } from 'msw'
import type { NotificationKind, ReportSection } from '@/api/entities'
import { parseFaultRules } from '../faults'
import { DEMO_AGENT_ID } from '../seed/seed'
import { isScenarioName } from '../seed/seed'
import { peekSignInCode } from './auth'
import { providerStateHandlers } from './provider-states'
import {
  approveReport,
  completeAward,
  contestReport,
  rejectAward,
  rejectReport,
  ValidatorActionError,
} from './revisions'
import { mediaTypeOf } from '../request-limits'
import { problem, type BackendContext, type ControlTarget } from './support'
import { advanceClock, announceBulletin, notifyAgent } from '../notify'

const json = async (request: Request): Promise<Record<string, unknown>> => {
  try {
    return (await request.json()) as Record<string, unknown>
  } catch {
    return {}
  }
}

export function controlHandlers(target: ControlTarget) {
  const ctx = target.context
  const base = `${ctx.baseUrl}/__fake`
  const fail = (error: unknown, status = 409) =>
    HttpResponse.json({ error: error instanceof Error ? error.message : String(error) }, { status })
  return [
    // A call that changes the world must say it is JSON. A page on another site can make the
    // browser send text/plain, a form or multipart here without asking (a form, a `no-cors`
    // fetch), never `application/json`: that needs a CORS preflight this server never grants
    // (docs/decisions/0015-the-sandbox-on-a-network.md). DELETE needs a preflight too.
    http.all(`${base}/*`, ({ request }) => {
      if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return undefined
      if (mediaTypeOf(request.headers.get('Content-Type')) === 'application/json') return undefined
      return problem(
        415,
        'unsupported_media_type',
        'O painel de controle só aceita pedidos com Content-Type: application/json.',
      )
    }),
    ...providerStateHandlers(target),
    ...messageControlHandlers(ctx, base),
    ...pushControlHandlers(ctx, base),
    // Every API call that reached a handler (`?path=` a substring to keep): how many times a
    // write really reached the server, whoever sent it (a tab, the service worker).
    http.get(`${base}/requests`, ({ request }) => {
      const part = new URL(request.url).searchParams.get('path') ?? ''
      return HttpResponse.json({ requests: ctx.requests.filter((r) => r.path.includes(part)) })
    }),
    http.delete(`${base}/requests`, () => {
      ctx.requests.length = 0
      return HttpResponse.json({ requests: [] })
    }),
    http.get(`${base}/otp`, ({ request }) => {
      const phone = new URL(request.url).searchParams.get('phone') ?? ''
      const code = peekSignInCode(ctx, phone)
      return code
        ? HttpResponse.json({ phone, code })
        : HttpResponse.json({ error: 'Nenhum código pedido para este número.' }, { status: 404 })
    }),
    http.post(`${base}/reset`, async ({ request }) => {
      const body = await json(request)
      const scenario =
        body.scenario === undefined
          ? undefined
          : isScenarioName(body.scenario)
            ? body.scenario
            : null
      if (scenario === null) return fail(`Cenário desconhecido: ${String(body.scenario)}`, 422)
      await target.reset({ seed: typeof body.seed === 'number' ? body.seed : undefined, scenario })
      return HttpResponse.json({ ok: true })
    }),
    // Fault switches (mocks/faults.ts): `{ rules: [{ method?, path, fault, times? }] }` or one rule.
    http.get(`${base}/faults`, () => HttpResponse.json({ rules: ctx.faults.list() })),
    http.post(`${base}/faults`, async ({ request }) => {
      const rules = parseFaultRules(await json(request))
      if (typeof rules === 'string') return fail(rules, 422)
      ctx.faults.add(...rules)
      return HttpResponse.json({ rules: ctx.faults.list() })
    }),
    http.delete(`${base}/faults`, () => {
      ctx.faults.clear()
      return HttpResponse.json({ rules: [] })
    }),
    http.post(`${base}/clock/advance`, async ({ request }) => {
      const body = await json(request)
      const ms = Number(body.ms)
      if (!Number.isFinite(ms) || ms < 0) return fail('ms deve ser um número positivo.', 422)
      const released = await advanceClock(ctx, ms)
      return HttpResponse.json({ now: new Date(ctx.clock.now()).toISOString(), released })
    }),
    // The validator decides a nomination in analysis: `complete` (granted) or `reject`.
    http.post(`${base}/awards/:awardId/:action`, async ({ params }) => {
      const awardId = String(params.awardId)
      try {
        switch (params.action) {
          case 'complete':
            return HttpResponse.json(await completeAward(ctx, awardId))
          case 'reject':
            return HttpResponse.json(await rejectAward(ctx, awardId))
          default:
            return fail(`Ação desconhecida: ${String(params.action)}`, 404)
        }
      } catch (error) {
        return fail(
          error,
          error instanceof ValidatorActionError && error.code === 'not_found' ? 404 : 409,
        )
      }
    }),
    http.post(`${base}/validator/:taskId/:action`, async ({ request, params }) => {
      const body = await json(request)
      const taskId = String(params.taskId)
      try {
        switch (params.action) {
          case 'approve':
            return HttpResponse.json(await approveReport(ctx, taskId))
          case 'reject':
            return HttpResponse.json(
              await rejectReport(
                ctx,
                taskId,
                String(body.reason ?? 'Relatório reprovado pelo validador.'),
              ),
            )
          case 'contest': {
            const pendencies = Array.isArray(body.pendencies)
              ? (body.pendencies as Array<{
                  section: ReportSection
                  field?: string
                  message: string
                }>)
              : [
                  {
                    section: 'evidences' as const,
                    message:
                      'A foto da fachada não mostra o nome da loja. Envie outra ou explique.',
                  },
                ]
            return HttpResponse.json(await contestReport(ctx, taskId, pendencies))
          }
          default:
            return fail(`Ação desconhecida: ${String(params.action)}`, 404)
        }
      } catch (error) {
        return fail(error)
      }
    }),
  ]
}

const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'task',
  'validation',
  'payment',
  'bulletin',
  'system',
]

/**
 * The world writes to the agent: a notification or a bulletin with exactly the given text
 * (`POST __fake/notifications {title, body, link?, kind?, slug?}`, `POST __fake/bulletins
 * {title, body}`), for the demo agent unless `agentId` says otherwise, pushed to the agent's
 * devices like any other (mocks/notify.ts). The end-to-end tests seed hostile texts through
 * these (e2e/xss.spec.ts); a repeated `slug` is a repeat of one notification (same push tag).
 */
function messageControlHandlers(ctx: BackendContext, base: string) {
  const text = (value: unknown, name: string) => {
    if (typeof value !== 'string' || value === '') throw new Error(`${name}: texto obrigatório.`)
    return value
  }
  const agentOf = (body: Record<string, unknown>) =>
    typeof body.agentId === 'string' ? body.agentId : DEMO_AGENT_ID
  const refuse = (error: unknown) =>
    HttpResponse.json(
      { error: error instanceof Error ? error.message : String(error) },
      { status: 422 },
    )
  return [
    http.post(`${base}/notifications`, async ({ request }) => {
      const body = await json(request)
      try {
        const kind = NOTIFICATION_KINDS.find((k) => k === body.kind) ?? 'system'
        const created = await notifyAgent(ctx, agentOf(body), {
          kind,
          title: text(body.title, 'title'),
          body: text(body.body, 'body'),
          ...(typeof body.link === 'string' ? { link: body.link } : {}),
          ...(typeof body.slug === 'string' && body.slug ? { slug: body.slug } : {}),
        })
        return HttpResponse.json(created, { status: 201 })
      } catch (error) {
        return refuse(error)
      }
    }),
    http.post(`${base}/bulletins`, async ({ request }) => {
      const body = await json(request)
      try {
        const created = await announceBulletin(ctx, agentOf(body), {
          title: text(body.title, 'title'),
          body: text(body.body, 'body'),
        })
        return HttpResponse.json(created, { status: 201 })
      } catch (error) {
        return refuse(error)
      }
    }),
  ]
}

/**
 * What Web Push did, for tests: `GET __fake/push/subscriptions` (every device registered, by
 * agent), `GET __fake/push/sent` (every attempt, oldest first: endpoint, message, the push
 * service's status), `DELETE __fake/push/sent` (forget them).
 */
function pushControlHandlers(ctx: BackendContext, base: string) {
  return [
    http.get(`${base}/push/subscriptions`, () =>
      HttpResponse.json({
        subscriptions: ctx.db.pushSubscriptions.all().map((s) => ({
          id: s.id,
          agentId: s.ownerId,
          endpoint: s.endpoint,
          deviceLabel: s.deviceLabel,
          createdAt: s.createdAt,
        })),
      }),
    ),
    http.get(`${base}/push/sent`, () => HttpResponse.json({ deliveries: ctx.push.sent })),
    http.delete(`${base}/push/sent`, () => {
      ctx.push.sent.length = 0
      return HttpResponse.json({ deliveries: [] })
    }),
  ]
}
