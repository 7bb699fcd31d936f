/**
 * The fake backend's control plane, outside openapi.yaml, under `${baseUrl}/__fake/…`:
 * what a test, a contract verification or a demo presenter needs to act as the world
 * (read the last sign-in code, reset, move the clock, act as validator, set up provider
 * states). Never part of the real API; only the fake backend answers it.
 */
import { http, HttpResponse } from 'msw'
import type { NotificationKind, ReportSection } from '@/api/entities'
import { parseFaultRules } from '../faults'
import { DEMO_AGENT_ID } from '../seed/seed'
import { isScenarioName } from '../seed/seed'
import { peekSignInCode } from './auth'
import { providerStateHandlers } from './provider-states'
import { approveReport, contestReport, rejectReport } from './revisions'
import { type BackendContext, type ControlTarget, isoNow, newId } from './support'

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
    ...providerStateHandlers(target),
    ...messageControlHandlers(ctx, base),
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
      ctx.clock.advance(ms)
      return HttpResponse.json({ now: new Date(ctx.clock.now()).toISOString() })
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
 * (`POST __fake/notifications {title, body, link?, kind?}`, `POST __fake/bulletins {title,
 * body}`), for the demo agent unless `agentId` says otherwise. The end-to-end tests seed
 * hostile texts through these (e2e/xss.spec.ts).
 */
function messageControlHandlers(ctx: BackendContext, base: string) {
  const text = (value: unknown, name: string) => {
    if (typeof value !== 'string' || value === '') throw new Error(`${name}: texto obrigatório.`)
    return value
  }
  const refuse = (error: unknown) =>
    HttpResponse.json(
      { error: error instanceof Error ? error.message : String(error) },
      { status: 422 },
    )
  return [
    http.post(`${base}/notifications`, async ({ request }) => {
      const body = await json(request)
      try {
        const id = newId(ctx, 'ntf')
        const kind = NOTIFICATION_KINDS.find((k) => k === body.kind) ?? 'system'
        const created = await ctx.db.notifications.create({
          ownerId: typeof body.agentId === 'string' ? body.agentId : DEMO_AGENT_ID,
          id,
          slug: `aviso-${id.slice(4).toLowerCase()}`,
          kind,
          title: text(body.title, 'title'),
          body: text(body.body, 'body'),
          ...(typeof body.link === 'string' ? { link: body.link } : {}),
          createdAt: isoNow(ctx),
          readAt: null,
        })
        return HttpResponse.json(created, { status: 201 })
      } catch (error) {
        return refuse(error)
      }
    }),
    http.post(`${base}/bulletins`, async ({ request }) => {
      const body = await json(request)
      try {
        const created = await ctx.db.bulletins.create({
          ownerId: typeof body.agentId === 'string' ? body.agentId : DEMO_AGENT_ID,
          id: newId(ctx, 'blt'),
          title: text(body.title, 'title'),
          body: text(body.body, 'body'),
          publishedAt: isoNow(ctx),
          readAt: null,
        })
        return HttpResponse.json(created, { status: 201 })
      } catch (error) {
        return refuse(error)
      }
    }),
  ]
}
