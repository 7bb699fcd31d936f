/** Sign-in by one-time code, activation by invitation link and sign-out. */
import { newIdempotencyKey } from '@/api/client'
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { API_ERROR_MESSAGES, type ApiError } from '@/api/api-error'
import {
  activateAccount,
  requestSignInCode,
  signOutOnServer,
  verifySignInCode,
} from '@/features/auth/api/sign-in'
import { DEMO, STATES } from '../mocks/provider-state-catalogue'
import { fieldErrors, problem, session, signInTicket } from './support/bodies'
import { AUTH, given, IDEMPOTENCY, injected, newPact, useMockServer } from './support/pact'
import { problemReply } from './support/raw-body'

const { integer, like, regex } = MatchersV3
const pact = newPact()

const phoneFromState = () => injected('${phone}', DEMO.phone)
const RETRY_AFTER = { 'Retry-After': regex('^\\d+$', '42') }
const UNKNOWN_PHONE = STATES.phoneUnknown.params.phone

describe('requestSignInCode — POST /auth/code', () => {
  it('sends a code by SMS', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.phoneRegistered))
      .uponReceiving('a request for a sign-in code by SMS')
      .withRequest('POST', '/api/auth/code', (b) =>
        b.headers(IDEMPOTENCY).jsonBody({ phone: phoneFromState(), connection: 'sms' }),
      )
      .willRespondWith(202, (b) => b.jsonBody(signInTicket()))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const ticket = await requestSignInCode(DEMO.phone, 'sms', newIdempotencyKey())
        expect(Date.parse(ticket.resendAvailableAt)).toBeLessThan(Date.parse(ticket.expiresAt))
      })
  })

  // docs/decisions/0013-sign-in-does-not-tell-who-is-an-agent.md: whether a phone is an agent's is not told. A phone no agent has gets
  // the same answer (and nothing is sent): the app goes on to wait for the code as for any.
  it('answers a phone no agent has as it answers an agent’s', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.phoneUnknown))
      .uponReceiving('a request for a sign-in code for a phone no agent has')
      .withRequest('POST', '/api/auth/code', (b) =>
        b.headers(IDEMPOTENCY).jsonBody({
          phone: injected('${phone}', UNKNOWN_PHONE),
          connection: 'sms',
        }),
      )
      .willRespondWith(202, (b) => b.jsonBody(signInTicket(UNKNOWN_PHONE)))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const ticket = await requestSignInCode(UNKNOWN_PHONE, 'sms', newIdempotencyKey())
        expect(ticket.phone).toBe(UNKNOWN_PHONE)
        expect(Date.parse(ticket.resendAvailableAt)).toBeLessThan(Date.parse(ticket.expiresAt))
      })
  })

  it('locks the resend for a phone no agent has as for an agent’s', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.phoneUnknownCodeRequested))
      .uponReceiving('a request for another sign-in code within 60 s for a phone no agent has')
      .withRequest('POST', '/api/auth/code', (b) =>
        b.headers(IDEMPOTENCY).jsonBody({
          phone: injected('${phone}', UNKNOWN_PHONE),
          connection: 'sms',
        }),
      )
      .willRespondWith(429, (b) =>
        problemReply(
          b,
          problem(429, 'otp_resend_locked', { retryAfterSeconds: integer(42) }),
        ).headers(RETRY_AFTER),
      )
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = (await requestSignInCode(UNKNOWN_PHONE, 'sms', newIdempotencyKey()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 429, code: 'otp_resend_locked' })
      })
  })

  it('answers 429 while the resend is locked', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.codeRequested))
      .uponReceiving('a request for another sign-in code within 60 s')
      .withRequest('POST', '/api/auth/code', (b) =>
        b.headers(IDEMPOTENCY).jsonBody({ phone: phoneFromState(), connection: 'sms' }),
      )
      .willRespondWith(429, (b) =>
        problemReply(
          b,
          problem(429, 'otp_resend_locked', { retryAfterSeconds: integer(42) }),
        ).headers(RETRY_AFTER),
      )
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = (await requestSignInCode(DEMO.phone, 'sms', newIdempotencyKey()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 429, code: 'otp_resend_locked' })
        expect(error.problem?.retryAfterSeconds).toBeGreaterThanOrEqual(0)
      })
  })
})

describe('verifySignInCode — POST /auth/session', () => {
  it('exchanges the right code for a session', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.codeRequested))
      .uponReceiving('the right sign-in code')
      .withRequest('POST', '/api/auth/session', (b) =>
        b.jsonBody({ phone: phoneFromState(), code: injected('${code}', '482913') }),
      )
      .willRespondWith(200, (b) => b.jsonBody(session()))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const result = await verifySignInCode(DEMO.phone, '482913')
        expect(result.token).not.toBe('')
        expect(result.agent.phone).toBe(DEMO.phone)
      })
  })

  it('answers 422 otp_invalid with the tries left for a wrong code', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.codeRequested))
      .uponReceiving('a wrong sign-in code')
      .withRequest('POST', '/api/auth/session', (b) =>
        b.jsonBody({ phone: phoneFromState(), code: injected('${wrongCode}', '000000') }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'otp_invalid', { attemptsLeft: integer(4), fields: fieldErrors('code') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = (await verifySignInCode(DEMO.phone, '000000').catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'otp_invalid' })
        expect(error.problem?.attemptsLeft).toBe(4)
        expect(error.fieldErrors.code).toBeDefined()
      })
  })

  it('answers a code for a phone no agent has as a wrong code', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.phoneUnknownCodeRequested))
      .uponReceiving('a sign-in code for a phone no agent has')
      .withRequest('POST', '/api/auth/session', (b) =>
        b.jsonBody({
          phone: injected('${phone}', UNKNOWN_PHONE),
          code: regex('^\\d{6}$', '000000'),
        }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'otp_invalid', { attemptsLeft: integer(4), fields: fieldErrors('code') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = (await verifySignInCode(UNKNOWN_PHONE, '000000').catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'otp_invalid' })
        expect(error.message).toBe(API_ERROR_MESSAGES.otp_invalid)
      })
  })

  it('answers 429 otp_locked after too many wrong tries', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.codeLocked))
      .uponReceiving('a sign-in code after the code was locked')
      .withRequest('POST', '/api/auth/session', (b) =>
        b.jsonBody({ phone: phoneFromState(), code: injected('${code}', '482913') }),
      )
      .willRespondWith(429, (b) =>
        problemReply(b, problem(429, 'otp_locked', { retryAfterSeconds: integer(60) })).headers(
          RETRY_AFTER,
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = (await verifySignInCode(DEMO.phone, '482913').catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 429, code: 'otp_locked' })
        expect(error.isTransient).toBe(true)
      })
  })

  it('answers 410 otp_expired for an expired code', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.codeExpired))
      .uponReceiving('an expired sign-in code')
      .withRequest('POST', '/api/auth/session', (b) =>
        b.jsonBody({ phone: phoneFromState(), code: injected('${code}', '482913') }),
      )
      .willRespondWith(410, (b) => problemReply(b, problem(410, 'otp_expired')))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = await verifySignInCode(DEMO.phone, '482913').catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 410, code: 'otp_expired' })
      })
  })
})

describe('activateAccount — POST /auth/activation', () => {
  it('activates the account and signs in', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.invitationPending))
      .uponReceiving('an invitation link to activate an account')
      .withRequest('POST', '/api/auth/activation', (b) =>
        b.jsonBody({
          id: injected('${invitationId}', 'inv_demo'),
          token: injected('${token}', 'convite-demo'),
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(session('none')))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const result = await activateAccount('inv_demo', 'convite-demo')
        expect(result.agent.status).toBe('active')
        // The activation page goes on to the terms, which a new agent has not accepted.
        expect(result.agent.termsVersionAccepted).toBeNull()
      })
  })

  it('answers 410 activation_expired for an expired invitation (the link page says so)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.invitationExpired))
      .uponReceiving('an invitation link whose invitation has expired')
      .withRequest('POST', '/api/auth/activation', (b) =>
        b.jsonBody({
          id: injected('${invitationId}', 'inv_demo'),
          token: injected('${token}', 'convite-demo'),
        }),
      )
      .willRespondWith(410, (b) => problemReply(b, problem(410, 'activation_expired')))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = await activateAccount('inv_demo', 'convite-demo').catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 410, code: 'activation_expired', isTransient: false })
      })
  })

  it('answers 404 for an unknown invitation', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noInvitation))
      .uponReceiving('an invitation link that matches no invitation')
      .withRequest('POST', '/api/auth/activation', (b) =>
        b.jsonBody({ id: 'inv_inexistente', token: like('token-qualquer') }),
      )
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'activation_invalid')))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = await activateAccount('inv_inexistente', 'token-qualquer').catch(
          (e: unknown) => e,
        )
        expect(error).toMatchObject({ status: 404, code: 'activation_invalid' })
      })
  })
})

describe('signOut — DELETE /auth/session', () => {
  it('ends the session', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to sign out')
      .withRequest('DELETE', '/api/auth/session', (b) => b.headers(AUTH))
      .willRespondWith(204)
      .executeTest(async (server) => {
        useMockServer(server)
        await expect(signOutOnServer()).resolves.toBeUndefined()
      })
  })
})
