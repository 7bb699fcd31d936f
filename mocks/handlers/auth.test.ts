import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from '../testing/fake-api'
import { DEMO_AGENT_ID, DEMO_INVITATION, DEMO_PHONE } from '../seed/seed'
import { authMessages, peekSignInCode } from './auth'

/** A frozen real clock, so times in answers are exact; tests move it with api.clock.advance. */
const T0 = Date.parse('2026-03-10T12:00:00.000Z')
const SECOND = 1000
const MINUTE = 60 * SECOND
const DAY = 24 * 60 * MINUTE
const at = (ms: number) => new Date(T0 + ms).toISOString()

async function setup(scenario: 'busy-agent' | 'new-agent' = 'busy-agent') {
  const logs: string[] = []
  const api = await createFakeApi({ scenario, realNow: () => T0, log: (m) => logs.push(m) })
  return { api, logs }
}

const requestCode = (api: FakeApi, phone = DEMO_PHONE, idempotencyKey?: string) =>
  api.call('POST', '/auth/code', {
    body: { phone, connection: 'sms' },
    token: null,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  })

const verify = (api: FakeApi, code: string, phone = DEMO_PHONE) =>
  api.call('POST', '/auth/session', { body: { phone, code }, token: null })

/** A six-digit code that is not the right one. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

function codeOf(api: FakeApi) {
  const code = peekSignInCode(api.backend.context, DEMO_PHONE)
  if (!code) throw new Error('no code was sent')
  return code
}

describe('where sign-in codes and session tokens come from', () => {
  /** Two backends of the same world: each signs the demo agent in; their code and token. */
  async function twoStarts(secrets: 'seeded' | 'crypto') {
    const starts = []
    for (const _ of [1, 2]) {
      const api = await createFakeApi({ realNow: () => T0, secrets })
      await requestCode(api)
      const code = codeOf(api)
      const session = await verify(api, code)
      starts.push({ code, token: session.body.token as string })
    }
    return starts
  }

  it('repeats them for a seeded run (tests, `--seed`)', async () => {
    const [first, second] = await twoStarts('seeded')
    expect(second).toEqual(first)
  })

  it('draws new ones at every start otherwise, so nobody can know them in advance', async () => {
    const [first, second] = await twoStarts('crypto')
    expect(first!.code).toMatch(/^\d{6}$/)
    expect(first!.token).toMatch(/^ses_\w{10}$/)
    // A code may repeat one time in a million; the code and the token together, never.
    expect(second).not.toEqual(first)
    expect(second!.token).not.toBe(first!.token)
  })
})

describe('POST /auth/code', () => {
  it('sends a 6-digit code, valid for 10 minutes, resendable after 60 s, and logs it', async () => {
    const { api, logs } = await setup()
    const res = await requestCode(api)
    expect(res.status).toBe(202)
    expect(res.body).toEqual({
      phone: DEMO_PHONE,
      connection: 'sms',
      resendAvailableAt: at(60 * SECOND),
      expiresAt: at(10 * MINUTE),
    })
    const code = codeOf(api)
    expect(code).toMatch(/^\d{6}$/)
    expect(logs).toContain(`Código de acesso para ${DEMO_PHONE}: ${code}`)
  })

  it('keeps the chosen connection', async () => {
    const { api } = await setup()
    const res = await api.call('POST', '/auth/code', {
      body: { phone: DEMO_PHONE, connection: 'whatsapp' },
      token: null,
    })
    expect(res.status).toBe(202)
    expect(res.body.connection).toBe('whatsapp')
  })

  it('answers a number of no agent as it answers an agent’s, and sends nothing', async () => {
    const { api } = await setup()
    const known = await requestCode(api, DEMO_PHONE)
    const unknown = await requestCode(api, '+5521912345678')
    expect(unknown.status).toBe(known.status)
    expect(Object.keys(unknown.body).sort()).toEqual(Object.keys(known.body).sort())
    expect(peekSignInCode(api.backend.context, '+5521912345678')).toBeUndefined()
    // The resend lock and the tries behave alike too: nothing tells the two apart.
    expect((await requestCode(api, '+5521912345678')).body.code).toBe('otp_resend_locked')
    const wrong = await api.call('POST', '/auth/session', {
      body: { phone: '+5521912345678', code: '123456' },
      token: null,
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'otp_invalid', attemptsLeft: 4 })
  })

  it('refuses a phone that is not E.164 with 422 on the phone field', async () => {
    const { api } = await setup()
    const res = await requestCode(api, '(11) 98765-4321')
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(['phone'])
  })

  it('refuses another code before 60 s with 429 otp_resend_locked and Retry-After', async () => {
    const { api } = await setup()
    await requestCode(api)
    const first = codeOf(api)
    api.clock.advance(20 * SECOND)
    const res = await requestCode(api)
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('otp_resend_locked')
    expect(res.body.retryAfterSeconds).toBe(40)
    expect(res.headers.get('Retry-After')).toBe('40')
    expect(codeOf(api)).toBe(first)
  })

  it('sends a new code after 60 s, and the old one stops working', async () => {
    const { api } = await setup()
    await requestCode(api)
    const first = codeOf(api)
    api.clock.advance(60 * SECOND)
    const res = await requestCode(api)
    expect(res.status).toBe(202)
    expect(res.body.resendAvailableAt).toBe(at(120 * SECOND))
    const second = codeOf(api)
    expect(api.db.otps.findMany((q) => q.where({ phone: DEMO_PHONE }))).toHaveLength(1)
    if (first !== second) expect((await verify(api, first)).status).toBe(422)
    expect((await verify(api, second)).status).toBe(200)
  })

  it('replays a repeated request with the same Idempotency-Key without locking', async () => {
    const { api } = await setup()
    const a = await requestCode(api, DEMO_PHONE, 'same-key-123')
    const b = await requestCode(api, DEMO_PHONE, 'same-key-123')
    expect(b.status).toBe(202)
    expect(b.body).toEqual(a.body)
    expect(b.headers.get('Idempotent-Replay')).toBe('true')
  })
})

describe('POST /auth/session', () => {
  it('exchanges the right code for a 30-day session with the agent and its counts, and uses the code up', async () => {
    const { api } = await setup()
    await requestCode(api)
    const code = codeOf(api)
    const res = await verify(api, code)
    expect(res.status).toBe(200)
    expect(res.body.token).toMatch(/^ses_/)
    expect(res.body.expiresAt).toBe(at(30 * DAY))
    expect(res.body.agent.id).toBe(DEMO_AGENT_ID)
    expect(res.body.agent.counts).toEqual({
      pendingOpportunities: 5,
      unreadNotifications: 3,
      openPendencies: 2,
      unreadBulletins: 1,
    })
    const me = await api.call('GET', '/me', { token: res.body.token })
    expect(me.status).toBe(200)
    expect(me.body.id).toBe(DEMO_AGENT_ID)
    expect(peekSignInCode(api.backend.context, DEMO_PHONE)).toBeUndefined()
    const again = await verify(api, code)
    expect(again.status).toBe(410)
    expect(again.body.code).toBe('otp_expired')
  })

  it('the session stops working after 30 days', async () => {
    const { api } = await setup()
    await requestCode(api)
    const { body } = await verify(api, codeOf(api))
    api.clock.advance(30 * DAY)
    const me = await api.call('GET', '/me', { token: body.token })
    expect(me.status).toBe(401)
    expect(me.body.code).toBe('session_expired')
  })

  it('counts wrong tries down with 422 otp_invalid, then locks with 429 otp_locked on the fifth', async () => {
    const { api } = await setup()
    await requestCode(api)
    const code = codeOf(api)
    const wrong = wrongCodeFor(code)
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const res = await verify(api, wrong)
      expect(res.status).toBe(422)
      expect(res.body.code).toBe('otp_invalid')
      expect(res.body.attemptsLeft).toBe(attemptsLeft)
      expect(res.body.fields[0].field).toBe('code')
    }
    // Six seconds after the code was sent: the lock still counts a whole 60 s from now.
    api.clock.advance(6 * SECOND)
    const fifth = await verify(api, wrong)
    expect(fifth.status).toBe(429)
    expect(fifth.body.code).toBe('otp_locked')
    expect(fifth.body.detail).toBe(authMessages.locked)
    expect(fifth.body.retryAfterSeconds).toBe(60)
    api.clock.advance(59 * SECOND)
    const early = await requestCode(api)
    expect(early.body.code).toBe('otp_resend_locked')
    expect(early.body.retryAfterSeconds).toBe(1)
    // Even the right code is refused now.
    const right = await verify(api, code)
    expect(right.status).toBe(429)
    expect(right.body.code).toBe('otp_locked')
  })

  it('a locked code needs a new one, and the resend lock still applies', async () => {
    const { api } = await setup()
    await requestCode(api)
    const wrong = wrongCodeFor(codeOf(api))
    for (let i = 0; i < 5; i++) await verify(api, wrong)
    const early = await requestCode(api)
    expect(early.status).toBe(429)
    expect(early.body.code).toBe('otp_resend_locked')
    api.clock.advance(60 * SECOND)
    const locked = await verify(api, codeOf(api))
    expect(locked.status).toBe(429)
    expect(locked.body.retryAfterSeconds).toBe(0)
    expect((await requestCode(api)).status).toBe(202)
    const fresh = await verify(api, codeOf(api))
    expect(fresh.status).toBe(200)
  })

  it('refuses an expired code with 410 otp_expired', async () => {
    const { api } = await setup()
    await requestCode(api)
    const code = codeOf(api)
    api.clock.advance(10 * MINUTE)
    const res = await verify(api, code)
    expect(res.status).toBe(410)
    expect(res.body.code).toBe('otp_expired')
    expect(res.body.detail).toBe(authMessages.expired)
  })

  it('accepts the code just before it expires', async () => {
    const { api } = await setup()
    await requestCode(api)
    api.clock.advance(10 * MINUTE - 1)
    expect((await verify(api, codeOf(api))).status).toBe(200)
  })

  it('answers 410 otp_expired when no code was requested', async () => {
    const { api } = await setup()
    const res = await verify(api, '123456')
    expect(res.status).toBe(410)
    expect(res.body.code).toBe('otp_expired')
    expect(res.body.detail).toBe(authMessages.noCode)
  })

  it('refuses a malformed code with 422 validation_failed', async () => {
    const { api } = await setup()
    await requestCode(api)
    const res = await verify(api, '12345')
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields[0].field).toBe('code')
  })
})

describe('DELETE /auth/session', () => {
  it('ends the session of the bearer token only', async () => {
    const { api } = await setup()
    await requestCode(api)
    const { body } = await verify(api, codeOf(api))
    const res = await api.call('DELETE', '/auth/session', { token: body.token })
    expect(res.status).toBe(204)
    expect(res.body).toBe('')
    const me = await api.call('GET', '/me', { token: body.token })
    expect(me.status).toBe(401)
    expect(me.body.code).toBe('session_expired')
    // The demo token's session is untouched.
    expect((await api.call('GET', '/me')).status).toBe(200)
  })

  it('answers 401 without a token', async () => {
    const { api } = await setup()
    const res = await api.call('DELETE', '/auth/session', { token: null })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('unauthorized')
  })
})

describe('POST /auth/activation', () => {
  it('activates with the invitation, marks it used and signs in', async () => {
    const { api } = await setup('new-agent')
    const res = await api.call('POST', '/auth/activation', { body: DEMO_INVITATION, token: null })
    expect(res.status).toBe(200)
    expect(res.body.agent.id).toBe(DEMO_AGENT_ID)
    expect(res.body.agent.termsVersionAccepted).toBeNull()
    expect(res.body.expiresAt).toBe(at(30 * DAY))
    expect(api.db.invitations.findFirst((q) => q.where({ id: DEMO_INVITATION.id }))?.usedAt).toBe(
      at(0),
    )
    expect((await api.call('GET', '/me', { token: res.body.token })).status).toBe(200)
  })

  it('makes an inactive invited agent active', async () => {
    const { api } = await setup('new-agent')
    await api.db.agents.update((q) => q.where({ id: DEMO_AGENT_ID }), {
      data(a) {
        a.status = 'inactive'
      },
    })
    const res = await api.call('POST', '/auth/activation', { body: DEMO_INVITATION, token: null })
    expect(res.body.agent.status).toBe('active')
  })

  it('refuses an unknown invitation or a wrong token with 404 activation_invalid', async () => {
    const { api } = await setup()
    for (const body of [
      { id: 'inv_nope', token: DEMO_INVITATION.token },
      { id: DEMO_INVITATION.id, token: 'wrong' },
    ]) {
      const res = await api.call('POST', '/auth/activation', { body, token: null })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('activation_invalid')
    }
  })

  it('refuses a used invitation with 410 activation_invalid', async () => {
    const { api } = await setup()
    expect(
      (await api.call('POST', '/auth/activation', { body: DEMO_INVITATION, token: null })).status,
    ).toBe(200)
    const res = await api.call('POST', '/auth/activation', { body: DEMO_INVITATION, token: null })
    expect(res.status).toBe(410)
    expect(res.body.code).toBe('activation_invalid')
    expect(res.body.detail).toBe(authMessages.activationUsed)
  })

  it('refuses an expired invitation with 410 activation_expired', async () => {
    const { api } = await setup()
    api.clock.advance(7 * DAY)
    const res = await api.call('POST', '/auth/activation', { body: DEMO_INVITATION, token: null })
    expect(res.status).toBe(410)
    expect(res.body.code).toBe('activation_expired')
  })

  it('refuses an empty body with 422', async () => {
    const { api } = await setup()
    const res = await api.call('POST', '/auth/activation', {
      body: { id: '', token: '' },
      token: null,
    })
    expect(res.status).toBe(422)
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['id', 'token'])
  })
})

describe('peekSignInCode', () => {
  it('reads the code by any spelling of the phone, and nothing for unknown or unreadable ones', async () => {
    const { api } = await setup()
    await requestCode(api)
    const code = codeOf(api)
    expect(peekSignInCode(api.backend.context, '+55 (11) 98765-4321')).toBe(code)
    // As a URL query decodes it ("+" becomes a space).
    expect(peekSignInCode(api.backend.context, ' 5511987654321')).toBe(code)
    expect(peekSignInCode(api.backend.context, '+5521912345678')).toBeUndefined()
    expect(peekSignInCode(api.backend.context, 'abc')).toBeUndefined()
  })
})
