import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Transaction } from '@/api/entities'
import { WITHDRAWAL_MIN_CENTS } from '@/domain/constants'
import { createFakeApi, type FakeApi } from '../testing/fake-api'
import { DEMO_AGENT_ID, type ScenarioName } from '../seed/seed'
import { formatCents, totalsOf } from './wallet'

const T0 = Date.parse('2026-03-10T12:00:00.000Z')
const DAY = 86_400_000
const at = (ms: number) => new Date(T0 + ms).toISOString()

const setup = (scenario: ScenarioName = 'busy-agent') =>
  createFakeApi({ scenario, realNow: () => T0 })

const bank = {
  holderName: 'Ana Paula Souza',
  cpf: '52998224725',
  bankCode: '260',
  branch: '0001',
  account: '1234567-8',
  accountType: 'corrente',
  pixKey: '529.982.247-25',
}

const seededSums = (api: FakeApi) => {
  const mine = api.db.transactions.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))
  const sum = (status: string) =>
    mine.filter((t) => t.status === status).reduce((s, t) => s + t.amountCents, 0)
  return { available: sum('available'), pending: sum('pending') }
}

const credit = (id: string, amountCents: number, extra: Partial<Transaction> = {}) => ({
  ownerId: DEMO_AGENT_ID,
  id,
  kind: 'award' as const,
  amountCents,
  status: 'pending' as const,
  createdAt: at(0),
  description: `Prêmio ${id}`,
  ...extra,
})

describe('GET /wallet', () => {
  it('sums available credits as balance and pending ones as pending, newest first, with the bank', async () => {
    const api = await setup()
    const { available, pending } = seededSums(api)
    expect(available).toBeGreaterThan(0)
    expect(pending).toBeGreaterThan(0)
    const res = await api.call('GET', '/wallet')
    expect(res.status).toBe(200)
    expect(res.body.balanceCents).toBe(available)
    expect(res.body.pendingCents).toBe(pending)
    const times = res.body.transactions.map((t: Transaction) => t.createdAt)
    expect(times).toEqual([...times].sort().reverse())
    expect(res.body.transactions).toHaveLength(4)
    expect(res.body.transactions[0]).not.toHaveProperty('ownerId')
    expect(res.body.bank.bankCode).toBe('260')
  })

  it('is empty with no bank for a new agent', async () => {
    const api = await setup('new-agent')
    const res = await api.call('GET', '/wallet')
    expect(res.body).toEqual({ balanceCents: 0, pendingCents: 0, transactions: [], bank: null })
  })

  it('releases a pending credit when the clock reaches its availableAt', async () => {
    const api = await setup('new-agent')
    await api.db.transactions.create(credit('trx_award', 2500, { availableAt: at(2 * DAY) }))
    const before = await api.call('GET', '/wallet')
    expect(before.body).toMatchObject({ balanceCents: 0, pendingCents: 2500 })
    expect(before.body.transactions[0].status).toBe('pending')
    api.clock.advance(2 * DAY)
    const after = await api.call('GET', '/wallet')
    expect(after.body).toMatchObject({ balanceCents: 2500, pendingCents: 0 })
    expect(after.body.transactions[0].status).toBe('available')
  })

  it('does not count paid credits, and subtracts every withdrawal', () => {
    const t = (amountCents: number, status: Transaction['status']): Transaction => ({
      id: `t${amountCents}${status}`,
      kind: amountCents < 0 ? 'withdrawal' : 'task',
      amountCents,
      status,
      createdAt: at(0),
      description: '',
    })
    expect(
      totalsOf([
        t(5000, 'available'),
        t(3000, 'paid'),
        t(2000, 'pending'),
        t(-1000, 'pending'),
        t(-500, 'paid'),
      ]),
    ).toEqual({
      balanceCents: 3500,
      pendingCents: 2000,
    })
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/wallet', { token: null })).status).toBe(401)
  })
})

describe('PUT /wallet/bank', () => {
  it('saves the bank data with the Pix key normalised and returns the wallet', async () => {
    const api = await setup('new-agent')
    const res = await api.call('PUT', '/wallet/bank', { body: bank })
    expect(res.status).toBe(200)
    expect(res.body.bank).toEqual({ ...bank, pixKey: '52998224725' })
    expect((await api.call('GET', '/wallet')).body.bank).toEqual({ ...bank, pixKey: '52998224725' })
  })

  it('replaces existing bank data and drops an empty Pix key', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/wallet/bank', {
      body: { ...bank, accountType: 'poupanca', pixKey: '  ' },
    })
    expect(res.status).toBe(200)
    expect(res.body.bank).toEqual({
      ...Object.fromEntries(Object.entries(bank).filter(([k]) => k !== 'pixKey')),
      accountType: 'poupanca',
    })
    expect(api.db.banks.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))).toHaveLength(1)
  })

  it('refuses a CPF with wrong check digits and an invalid Pix key with 422, in pt-BR', async () => {
    const api = await setup('new-agent')
    const res = await api.call('PUT', '/wallet/bank', {
      body: { ...bank, cpf: '52998224726', pixKey: '+55 11 3456-7890' },
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields).toEqual([
      { field: 'cpf', message: 'CPF inválido. Confira os 11 números.' },
      {
        field: 'pixKey',
        message:
          'Celular inválido para chave Pix. Use +55, DDD e os 9 dígitos, por exemplo +55 11 98765-4321.',
      },
    ])
    expect((await api.call('GET', '/wallet')).body.bank).toBeNull()
  })

  it('refuses what the schema refuses (bank code, account) with 422', async () => {
    const api = await setup('new-agent')
    const res = await api.call('PUT', '/wallet/bank', {
      body: { ...bank, bankCode: '26', account: '1234567' },
    })
    expect(res.status).toBe(422)
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'account',
      'bankCode',
    ])
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('PUT', '/wallet/bank', { body: bank, token: null })).status).toBe(401)
  })
})

describe('POST /wallet/withdrawals', () => {
  it('creates a pending withdrawal that holds the money at once', async () => {
    const api = await setup()
    const { available } = seededSums(api)
    const res = await api.call('POST', '/wallet/withdrawals', { body: { amountCents: 1000 } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      kind: 'withdrawal',
      amountCents: -1000,
      status: 'pending',
      createdAt: at(0),
    })
    expect(res.body.id).toMatch(/^trx_/)
    expect(res.body.description).toMatch(/^Saque para conta \d+-\d — banco 260, agência 0001$/)
    const wallet = (await api.call('GET', '/wallet')).body
    expect(wallet.balanceCents).toBe(available - 1000)
    expect(wallet.transactions[0].id).toBe(res.body.id)
  })

  it('replays a retry with the same Idempotency-Key without withdrawing twice', async () => {
    const api = await setup()
    const { available } = seededSums(api)
    const a = await api.call('POST', '/wallet/withdrawals', {
      body: { amountCents: 1000 },
      idempotencyKey: 'saque-0001',
    })
    const b = await api.call('POST', '/wallet/withdrawals', {
      body: { amountCents: 1000 },
      idempotencyKey: 'saque-0001',
    })
    expect(b.status).toBe(201)
    expect(b.body.id).toBe(a.body.id)
    expect((await api.call('GET', '/wallet')).body.balanceCents).toBe(available - 1000)
  })

  it('allows the whole balance, then refuses more with 409 insufficient_balance', async () => {
    const api = await setup()
    const { available } = seededSums(api)
    expect(
      (await api.call('POST', '/wallet/withdrawals', { body: { amountCents: available } })).status,
    ).toBe(201)
    const res = await api.call('POST', '/wallet/withdrawals', { body: { amountCents: 100 } })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('insufficient_balance')
    expect(res.body.detail).toBe('Saldo insuficiente: você tem R$ 0,00 disponível para saque.')
    expect((await api.call('GET', '/wallet')).body.balanceCents).toBe(0)
  })

  it('refuses more than the balance with 409 insufficient_balance', async () => {
    const api = await setup()
    const { available } = seededSums(api)
    const res = await api.call('POST', '/wallet/withdrawals', {
      body: { amountCents: available + 1 },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('insufficient_balance')
    expect(res.body.detail).toContain(formatCents(available))
  })

  it('refuses without bank data with 409 bank_info_missing', async () => {
    const api = await setup('new-agent')
    await api.db.transactions.create(credit('trx_award', 2500, { status: 'available' }))
    const res = await api.call('POST', '/wallet/withdrawals', { body: { amountCents: 1000 } })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('bank_info_missing')
  })

  it('refuses less than R$ 1,00 with 422, naming the minimum on the amount', async () => {
    const api = await setup()
    for (const amountCents of [99, 50, 0, -100]) {
      const res = await api.call('POST', '/wallet/withdrawals', { body: { amountCents } })
      expect(res.status).toBe(422)
      expect(res.body.fields).toEqual([
        {
          field: 'amountCents',
          message: expect.stringMatching(/^O valor mínimo do saque é R\$\s1,00\.$/),
        },
      ])
    }
    const notANumber = await api.call('POST', '/wallet/withdrawals', { body: { amountCents: '5' } })
    expect(notANumber.body.fields).toEqual([
      { field: 'amountCents', message: expect.stringMatching(/^Informe o valor do saque/) },
    ])
  })

  it('takes its minimum from the domain, as openapi.yaml states it', () => {
    const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
      components: {
        schemas: { WithdrawalInput: { properties: { amountCents: { minimum: number } } } }
      }
    }
    expect(spec.components.schemas.WithdrawalInput.properties.amountCents.minimum).toBe(
      WITHDRAWAL_MIN_CENTS,
    )
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect(
      (await api.call('POST', '/wallet/withdrawals', { body: { amountCents: 1000 }, token: null }))
        .status,
    ).toBe(401)
  })
})

describe('GET /awards/mine', () => {
  it('lists the awards of the agent’s tasks only, newest first', async () => {
    const api = await setup()
    const mine = api.db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }))
    const offered = api.db.tasks.findFirst((q) => q.where({ agentId: '' }))!
    const award = (id: string, taskId: string, createdAt: string) =>
      api.db.awards.create({
        id,
        code: 'atendimento',
        taskId,
        attendantCode: 'att_1',
        attendantName: 'Renata Moura',
        score: 90,
        status: 'pending' as const,
        createdAt,
      })
    await award('awd_1', mine[0]!.id, at(0))
    await award('awd_2', mine[1]!.id, at(DAY))
    await award('awd_other', offered.id, at(2 * DAY))
    const res = await api.call('GET', '/awards/mine')
    expect(res.status).toBe(200)
    expect(res.body.items.map((a: { id: string }) => a.id)).toEqual(['awd_2', 'awd_1'])
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/awards/mine', { token: null })).status).toBe(401)
  })
})

describe('formatCents', () => {
  it('formats BRL with a plain space', () => {
    expect(formatCents(12850)).toBe('R$ 128,50')
    expect(formatCents(123456789)).toBe('R$ 1.234.567,89')
  })
})
