/**
 * Sign-in by one-time code (request, verify), sign-out and activation by invitation link.
 * The code is "sent" by logging it; the demo panel and the e2e tests read it with
 * `peekSignInCode`.
 */
import { HttpResponse } from 'msw'
import type { Agent } from '@/api/entities'
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_LOCK_SECONDS,
  OTP_TTL_SECONDS,
} from '@/domain/constants'
import { parsePhone, toE164 } from '@/domain/phone'
import { agentWithCounts } from './me'
import {
  type BackendContext,
  isoNow,
  newId,
  problem,
  readBody,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

export const SESSION_TTL_MS = 30 * 24 * 3_600_000

export const authMessages = {
  noCode: 'Nenhum código ativo para este número. Peça um novo código.',
  expired: 'Este código expirou. Peça um novo.',
  locked: `Você errou o código ${OTP_MAX_ATTEMPTS} vezes. Peça um novo código.`,
  activationInvalid:
    'Este link de ativação não é válido. Confira o link recebido ou fale com o suporte.',
  activationUsed: 'Este link de ativação já foi usado. Entre com seu celular.',
  activationExpired: 'Este link de ativação expirou. Fale com o suporte para receber outro.',
} as const

const wrongCodeMessage = (attemptsLeft: number) =>
  `Código incorreto. ${attemptsLeft === 1 ? 'Resta 1 tentativa' : `Restam ${attemptsLeft} tentativas`}.`

const secondsUntil = (ctx: BackendContext, iso: string) =>
  Math.max(0, Math.ceil((Date.parse(iso) - ctx.clock.now()) / 1000))

/**
 * The last sign-in code sent to a phone (any accepted spelling of it), if there is one. A
 * phone no agent has gets a code too (see `POST /auth/code`), but it is never sent: none here.
 */
export function peekSignInCode(ctx: BackendContext, phone: string): string | undefined {
  const parsed = parsePhone(phone)
  if (!parsed) return undefined
  const e164 = toE164(parsed)
  if (!ctx.db.agents.findFirst((q) => q.where({ phone: e164 }))) return undefined
  return ctx.db.otps.findFirst((q) => q.where({ phone: e164 }))?.code
}

/** A sign-in code, from the secrets' source (seeded only when a run asks to be repeatable). */
function newCode(ctx: BackendContext) {
  return String(Math.floor(ctx.secretRandom() * 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0')
}

async function openSession(ctx: BackendContext, agent: Agent) {
  const token = newId(ctx, 'ses', ctx.secretRandom)
  const expiresAt = new Date(ctx.clock.now() + SESSION_TTL_MS).toISOString()
  await ctx.db.sessions.create({ token, agentId: agent.id, expiresAt })
  return { token, expiresAt, agent: agentWithCounts(ctx, agent) }
}

export function authHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  const { db } = ctx
  return [
    http.post('/auth/code', async ({ request }) =>
      idempotent(ctx, request, 'auth:code', async () => {
        const body = await readBody(request, 'SignInCodeRequest')
        // Whether an agent has this phone is not told (docs/decisions/0013): a phone no agent
        // has gets the same answer, resend lock and tries as one that has, and nothing is sent.
        const agent = db.agents.findFirst((q) => q.where({ phone: body.phone }))
        const previous = db.otps.findFirst((q) => q.where({ phone: body.phone }))
        if (previous && Date.parse(previous.resendAvailableAt) > ctx.clock.now()) {
          const wait = secondsUntil(ctx, previous.resendAvailableAt)
          throw problem(
            429,
            'otp_resend_locked',
            `Você poderá pedir um novo código em ${wait} s.`,
            {
              retryAfterSeconds: wait,
            },
          )
        }
        if (previous) db.otps.delete(previous)
        const now = ctx.clock.now()
        const otp = {
          phone: body.phone,
          code: newCode(ctx),
          connection: body.connection,
          sentAt: isoNow(ctx),
          expiresAt: new Date(now + OTP_TTL_SECONDS * 1000).toISOString(),
          resendAvailableAt: new Date(now + OTP_RESEND_LOCK_SECONDS * 1000).toISOString(),
          failedAttempts: 0,
        }
        await db.otps.create(otp)
        ctx.log(
          agent
            ? `Código de acesso para ${body.phone}: ${otp.code}`
            : `Nenhum avaliador com o telefone ${body.phone}: nada enviado.`,
        )
        return HttpResponse.json(
          {
            phone: otp.phone,
            connection: otp.connection,
            resendAvailableAt: otp.resendAvailableAt,
            expiresAt: otp.expiresAt,
          },
          { status: 202 },
        )
      }),
    ),

    http.post('/auth/session', async ({ request, response }) => {
      const body = await readBody(request, 'SignInCodeVerification')
      const otp = db.otps.findFirst((q) => q.where({ phone: body.phone }))
      if (!otp) throw problem(410, 'otp_expired', authMessages.noCode)
      if (Date.parse(otp.expiresAt) <= ctx.clock.now())
        throw problem(410, 'otp_expired', authMessages.expired)
      // A locked code stays dead until a new one is requested, which the resend lock allows
      // OTP_RESEND_LOCK_SECONDS after the lock (not after the code was sent: a lock 6 s after
      // it would otherwise count from 54 s).
      const lockedReply = (resendAvailableAt: string) =>
        problem(429, 'otp_locked', authMessages.locked, {
          retryAfterSeconds: secondsUntil(ctx, resendAvailableAt),
        })
      if (otp.failedAttempts >= OTP_MAX_ATTEMPTS) throw lockedReply(otp.resendAvailableAt)
      if (body.code !== otp.code) {
        const failedAttempts = otp.failedAttempts + 1
        const locks = failedAttempts >= OTP_MAX_ATTEMPTS
        const resendAvailableAt = locks
          ? new Date(
              Math.max(
                Date.parse(otp.resendAvailableAt),
                ctx.clock.now() + OTP_RESEND_LOCK_SECONDS * 1000,
              ),
            ).toISOString()
          : otp.resendAvailableAt
        await db.otps.update(otp, {
          data(o) {
            o.failedAttempts = failedAttempts
            o.resendAvailableAt = resendAvailableAt
          },
        })
        if (locks) throw lockedReply(resendAvailableAt)
        const attemptsLeft = OTP_MAX_ATTEMPTS - failedAttempts
        throw problem(422, 'otp_invalid', wrongCodeMessage(attemptsLeft), {
          attemptsLeft,
          fields: [{ field: 'code', message: wrongCodeMessage(attemptsLeft) }],
        })
      }
      const agent = db.agents.findFirst((q) => q.where({ phone: body.phone }))
      db.otps.delete(otp)
      if (!agent) throw problem(410, 'otp_expired', authMessages.noCode)
      const session = await openSession(ctx, agent)
      ctx.log(`${agent.name} entrou com o código`)
      return response(200).json(session)
    }),

    http.delete('/auth/session', ({ request, response }) => {
      requireAgent(ctx, request)
      const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
      db.sessions.delete((q) => q.where({ token }))
      return response(204).empty()
    }),

    http.post('/auth/activation', async ({ request, response }) => {
      const body = await readBody(request, 'ActivationRequest')
      const invitation = db.invitations.findFirst((q) =>
        q.where({ id: body.id, token: body.token }),
      )
      if (!invitation) throw problem(404, 'activation_invalid', authMessages.activationInvalid)
      if (invitation.usedAt !== null)
        throw problem(410, 'activation_invalid', authMessages.activationUsed)
      if (Date.parse(invitation.expiresAt) <= ctx.clock.now())
        throw problem(410, 'activation_expired', authMessages.activationExpired)
      const agent = db.agents.findFirst((q) => q.where({ id: invitation.agentId }))
      if (!agent) throw problem(404, 'activation_invalid', authMessages.activationInvalid)
      await db.invitations.update(invitation, {
        data(i) {
          i.usedAt = isoNow(ctx)
        },
      })
      // An invited agent starts inactive; activation makes them active (a blocked one stays blocked).
      const activated =
        agent.status === 'inactive'
          ? ((await db.agents.update(agent, {
              data(a) {
                a.status = 'active'
              },
            })) ?? agent)
          : agent
      const session = await openSession(ctx, activated)
      ctx.log(`${agent.name} ativou a conta`)
      return response(200).json(session)
    }),
  ]
}
