import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'
import { DEMO_AGENT_ID, DEMO_PHONE, type ScenarioName } from '../seed/seed'
import { TERMS_VERSION } from '../seed/catalogue'
import { agentWithCounts, shortNameOf } from './me'

const T0 = Date.parse('2026-03-10T12:00:00.000Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (ms: number) => new Date(T0 + ms).toISOString()

const setup = (scenario: ScenarioName = 'busy-agent') =>
  createFakeApi({ scenario, realNow: () => T0 })

const profileInput = {
  fullName: 'Ana Paula Souza',
  displayName: 'Ana',
  email: 'Ana.Souza@Exemplo.com.br',
  birthDate: '1994-03-12',
  address: {
    street: 'Rua Augusta',
    number: '1500',
    complement: 'Apto 42',
    district: 'Consolação',
    city: 'São Paulo',
    state: 'SP',
    zip: '01304001',
  },
}

describe('GET /me', () => {
  it('returns the agent with counts computed now (busy-agent)', async () => {
    const api = await setup()
    const res = await api.call('GET', '/me')
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(DEMO_AGENT_ID)
    expect(res.body.phone).toBe(DEMO_PHONE)
    expect(res.body.termsVersionAccepted).toBe(TERMS_VERSION)
    expect(res.body.termsPending).toBe(false)
    expect(res.body.counts).toEqual({
      pendingOpportunities: 5,
      unreadNotifications: 3,
      openPendencies: 2,
      unreadBulletins: 1,
    })
  })

  it('counts the open pendencies of every contested task (contested)', async () => {
    const api = await setup('contested')
    const res = await api.call('GET', '/me')
    expect(res.body.counts.openPendencies).toBe(4)
  })

  it('stops counting an offer once it expires by the clock', async () => {
    const api = await setup()
    api.clock.advance(3 * HOUR)
    expect((await api.call('GET', '/me')).body.counts.pendingOpportunities).toBe(4)
  })

  it('does not count resolved pendencies nor revisions that are no longer open', async () => {
    const api = await setup()
    const revision = api.db.revisions.findFirst((q) => q.where({ status: 'open' }))!
    await api.db.revisions.update(revision, {
      data(r) {
        r.pendencies[0]!.resolution = { justification: 'x'.repeat(60), at: at(0) }
      },
    })
    expect((await api.call('GET', '/me')).body.counts.openPendencies).toBe(1)
    await api.db.revisions.update((q) => q.where({ id: revision.id }), {
      data(r) {
        r.status = 'answered'
      },
    })
    expect((await api.call('GET', '/me')).body.counts.openPendencies).toBe(0)
  })

  it('counts only the agent’s own unread notifications and bulletins', async () => {
    const api = await setup()
    await api.db.notifications.create({
      ownerId: 'agt_other',
      id: 'ntf_other',
      slug: 'outra',
      kind: 'system',
      title: 'Outra',
      body: 'Outra pessoa.',
      createdAt: at(0),
      readAt: null,
    })
    const agent = api.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!
    expect(agentWithCounts(api.backend.context, agent).counts.unreadNotifications).toBe(3)
  })

  it('answers 401 without a token and with an unknown one', async () => {
    const api = await setup()
    const none = await api.call('GET', '/me', { token: null })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('unauthorized')
    const unknown = await api.call('GET', '/me', { token: 'nope' })
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBe('session_expired')
  })
})

describe('PUT /me/availability', () => {
  it('sets availability and returns the agent', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/me/availability', { body: { available: false } })
    expect(res.status).toBe(200)
    expect(res.body.available).toBe(false)
    expect(res.body.counts.pendingOpportunities).toBe(5)
    expect((await api.call('GET', '/me')).body.available).toBe(false)
    expect(
      (await api.call('PUT', '/me/availability', { body: { available: true } })).body.available,
    ).toBe(true)
  })

  it('refuses a body without a boolean with 422', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/me/availability', { body: { available: 'sim' } })
    expect(res.status).toBe(422)
    expect(res.body.fields[0].field).toBe('available')
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect(
      (await api.call('PUT', '/me/availability', { body: { available: false }, token: null }))
        .status,
    ).toBe(401)
  })
})

describe('GET /me/profile', () => {
  it('returns the agent’s profile', async () => {
    const api = await setup()
    const res = await api.call('GET', '/me/profile')
    expect(res.status).toBe(200)
    expect(res.body.agentId).toBe(DEMO_AGENT_ID)
    expect(res.body.phone).toBe(DEMO_PHONE)
    expect(res.body.cpf).toMatch(/^\d{11}$/)
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/me/profile', { token: null })).status).toBe(401)
  })
})

describe('PUT /me/profile', () => {
  it('updates the profile, keeps agentId/phone/cpf, and updates the agent’s name and e-mail', async () => {
    const api = await setup()
    const before = (await api.call('GET', '/me/profile')).body
    const res = await api.call('PUT', '/me/profile', { body: profileInput })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...profileInput,
      email: 'ana.souza@exemplo.com.br',
      agentId: DEMO_AGENT_ID,
      phone: before.phone,
      cpf: before.cpf,
    })
    const me = (await api.call('GET', '/me')).body
    expect(me.name).toBe('Ana Souza')
    expect(me.email).toBe('ana.souza@exemplo.com.br')
    expect((await api.call('GET', '/me/profile')).body.fullName).toBe('Ana Paula Souza')
  })

  it('refuses an invalid e-mail, zip and UF with 422 and the fields', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/me/profile', {
      body: {
        ...profileInput,
        email: 'ana@',
        address: { ...profileInput.address, zip: '01304-001', state: 'XX' },
      },
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'address.state',
      'address.zip',
      'email',
    ])
  })

  it('refuses an agent younger than 18 with 422 on birthDate', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/me/profile', {
      body: { ...profileInput, birthDate: '2010-01-01' },
    })
    expect(res.status).toBe(422)
    expect(res.body.fields).toEqual([
      { field: 'birthDate', message: 'Você precisa ter pelo menos 18 anos para ser avaliador.' },
    ])
    // Exactly 18 today is fine.
    const adult = await api.call('PUT', '/me/profile', {
      body: { ...profileInput, birthDate: '2008-03-10' },
    })
    expect(adult.status).toBe(200)
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('PUT', '/me/profile', { body: profileInput, token: null })).status).toBe(
      401,
    )
  })
})

describe('shortNameOf', () => {
  it('keeps the first and last names', () => {
    expect(shortNameOf(' Ana  Paula Souza ')).toBe('Ana Souza')
    expect(shortNameOf('Ana')).toBe('Ana')
  })
})

describe('GET /terms/current', () => {
  it('shows a seeded acceptance at the publication time', async () => {
    const api = await setup()
    const res = await api.call('GET', '/terms/current')
    expect(res.status).toBe(200)
    expect(res.body.version).toBe(TERMS_VERSION)
    expect(res.body.acceptedAt).toBe(res.body.publishedAt)
  })

  it('shows acceptedAt null when the agent has not accepted (new-agent)', async () => {
    const api = await setup('new-agent')
    const res = await api.call('GET', '/terms/current')
    expect(res.status).toBe(200)
    expect(res.body.acceptedAt).toBeNull()
    expect(res.body.body.length).toBeGreaterThan(100)
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/terms/current', { token: null })).status).toBe(401)
  })
})

describe('PUT /terms/{version}/acceptance', () => {
  it('accepts the current version, records the time, and keeps the first time on a repeat', async () => {
    const api = await setup('new-agent')
    expect((await api.call('GET', '/me')).body.termsPending).toBe(true)
    api.clock.advance(HOUR)
    const res = await api.call('PUT', `/terms/${TERMS_VERSION}/acceptance`)
    expect(res.status).toBe(200)
    expect(res.body.termsVersionAccepted).toBe(TERMS_VERSION)
    expect((await api.call('GET', '/terms/current')).body.acceptedAt).toBe(at(HOUR))
    api.clock.advance(DAY)
    expect((await api.call('PUT', `/terms/${TERMS_VERSION}/acceptance`)).status).toBe(200)
    expect((await api.call('GET', '/terms/current')).body.acceptedAt).toBe(at(HOUR))
    expect((await api.call('GET', '/me')).body.termsVersionAccepted).toBe(TERMS_VERSION)
    expect(res.body.termsPending).toBe(false)
    expect((await api.call('GET', '/me')).body.termsPending).toBe(false)
  })

  it('refuses a version that is not the current one with 409 transition_refused', async () => {
    const api = await setup('new-agent')
    const res = await api.call('PUT', '/terms/2025.1/acceptance')
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('transition_refused')
    expect(res.body.detail).toBe('Esta versão dos termos não é a atual.')
    expect((await api.call('GET', '/me')).body.termsVersionAccepted).toBeNull()
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect(
      (await api.call('PUT', `/terms/${TERMS_VERSION}/acceptance`, { token: null })).status,
    ).toBe(401)
  })
})
