/** Wallet: balance and history, bank data, withdrawals, the agent's awards. */
import { newIdempotencyKey } from '@/api/client'
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@/api/api-error'
import type { BankInfo } from '@/api/entities'
import {
  myAwardsQueryOptions,
  requestWithdrawal,
  updateBankInfo,
  walletQueryOptions,
} from '@/features/wallet/api/wallet-queries'
import { STATES } from '../mocks/provider-state-catalogue'
import {
  awardGiven,
  bankInfo,
  fieldErrors,
  instant,
  problem,
  transaction,
  wallet,
} from './support/bodies'
import {
  AUTH,
  fetchQuery,
  given,
  injected,
  newPact,
  useMockServer,
  WRITE_HEADERS,
} from './support/pact'
import { problemReply } from './support/raw-body'

const { eachLike, integer, like, regex } = MatchersV3
const pact = newPact()

const BANK: BankInfo = {
  holderName: 'Ana Paula Souza',
  cpf: '52998224725',
  bankCode: '260',
  branch: '0001',
  account: '1234567-8',
  accountType: 'corrente',
  pixKey: 'ana.souza@exemplo.com.br',
}

const bankBody = (cpf: string) => ({
  holderName: like(BANK.holderName),
  cpf: regex('^\\d{11}$', cpf),
  bankCode: regex('^\\d{3}$', BANK.bankCode),
  branch: regex('^\\d{1,5}$', BANK.branch),
  account: regex('^\\d{1,12}-[\\dXx]$', BANK.account),
  accountType: 'corrente',
  pixKey: like(BANK.pixKey!),
})

describe('getWallet — GET /wallet', () => {
  it('returns balance, pending amount, transactions and bank data', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.balanceAvailable))
      .uponReceiving('a request for the wallet')
      .withRequest('GET', '/api/wallet', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(wallet()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(walletQueryOptions())
        expect(result.balanceCents).toBeGreaterThan(0)
        expect(result.bank?.accountType).toBe('corrente')
      })
  })
})

describe('updateBankInfo — PUT /wallet/bank', () => {
  it('replaces the bank data', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to save the bank data')
      .withRequest('PUT', '/api/wallet/bank', (b) =>
        b.headers(WRITE_HEADERS).jsonBody(bankBody(BANK.cpf)),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...wallet(), bank: bankInfo() }))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await updateBankInfo(BANK, newIdempotencyKey())
        expect(result.bank?.cpf).toBe(BANK.cpf)
      })
  })

  it('answers 422 naming the CPF when its check digits are wrong', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to save bank data with an invalid CPF')
      .withRequest('PUT', '/api/wallet/bank', (b) =>
        b.headers(WRITE_HEADERS).jsonBody(bankBody('52998224700')),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'validation_failed', { fields: fieldErrors('cpf', 'CPF inválido.') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await updateBankInfo(
          { ...BANK, cpf: '52998224700' },
          newIdempotencyKey(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error.status).toBe(422)
        expect(error.fieldErrors.cpf).toBeDefined()
      })
  })
})

describe('requestWithdrawal — POST /wallet/withdrawals', () => {
  it('creates a pending withdrawal', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.balanceAvailable))
      .uponReceiving('a request to withdraw part of the balance')
      .withRequest('POST', '/api/wallet/withdrawals', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ amountCents: integer(1000) }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          ...transaction(),
          kind: 'withdrawal',
          amountCents: integer(-1000),
          status: 'pending',
          createdAt: instant(),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await requestWithdrawal(1000, crypto.randomUUID())
        expect(result).toMatchObject({ kind: 'withdrawal', amountCents: -1000, status: 'pending' })
      })
  })

  it('answers 422 naming the amount below the R$ 1,00 minimum (the sheet shows it under the field)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.balanceAvailable))
      .uponReceiving('a request to withdraw less than the minimum')
      .withRequest('POST', '/api/wallet/withdrawals', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ amountCents: integer(50) }),
      )
      .willRespondWith(422, (b) =>
        problemReply(b, problem(422, 'validation_failed', { fields: fieldErrors('amountCents') })),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await requestWithdrawal(50, crypto.randomUUID()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'validation_failed' })
        expect(error.fieldErrors.amountCents).toBeDefined()
      })
  })

  it('answers 409 insufficient_balance above the balance', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.balanceAvailable))
      .uponReceiving('a request to withdraw more than the balance')
      .withRequest('POST', '/api/wallet/withdrawals', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ amountCents: injected('${overBalanceCents}', 8100) }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'insufficient_balance')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await requestWithdrawal(8100, crypto.randomUUID()).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 409, code: 'insufficient_balance' })
      })
  })
})

describe('requestWithdrawal — without bank data', () => {
  it('answers 409 bank_info_missing (the sheet asks for the bank data)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noBankData))
      .uponReceiving('a request to withdraw with no bank data')
      .withRequest('POST', '/api/wallet/withdrawals', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ amountCents: integer(1000) }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'bank_info_missing')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await requestWithdrawal(1000, crypto.randomUUID()).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 409, code: 'bank_info_missing' })
      })
  })
})

describe('listMyAwards — GET /awards/mine', () => {
  it("returns the awards of the agent's nominations", async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.awardNominated))
      .uponReceiving("a request for the agent's awards")
      .withRequest('GET', '/api/awards/mine', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ items: eachLike(awardGiven()) }))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(myAwardsQueryOptions())
        expect(result.items[0]?.code).toBeTruthy()
      })
  })
})
