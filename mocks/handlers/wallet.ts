/** Wallet: balance, pending amount and history; bank data; withdrawals; the agent's awards. */
import { HttpResponse } from 'msw'
import type { BankInfo, Task, Transaction, Wallet } from '@/api/entities'
import { cpfMessages, isValidCpf } from '@/domain/cpf'
import { parsePixKey, pixKeyError } from '@/domain/pix-key'
import { withdrawalAmountError } from '@/domain/withdrawal'
import {
  type BackendContext,
  type DomainCheck,
  isRecord,
  isoNow,
  newId,
  plain,
  problem,
  readBody,
  requireAgent,
  typedHttp,
  withoutOwner,
} from './support'
import { idempotent } from './idempotency'

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** "R$ 128,50" (with a plain space, as the app shows it). */
export function formatCents(cents: number) {
  return brl.format(cents / 100).replace(/\s/g, ' ')
}

/**
 * A transaction as of `now`: a pending credit whose release date has come is available
 * (so moving the fake clock forward releases money).
 */
export function effectiveTransaction(t: Transaction, now: number): Transaction {
  const released =
    t.status === 'pending' &&
    t.amountCents > 0 &&
    t.availableAt !== undefined &&
    Date.parse(t.availableAt) <= now
  return released ? { ...t, status: 'available' } : t
}

/** The agent's transactions as of the fake clock, newest first. */
export function transactionsOf(ctx: BackendContext, agentId: string): Transaction[] {
  const now = ctx.clock.now()
  return ctx.db.transactions
    .findMany((q) => q.where({ ownerId: agentId }))
    .map((t) => effectiveTransaction(plain(withoutOwner(t)), now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
}

/**
 * Balance: available credits minus every debit (withdrawals and negative adjustments,
 * whatever their status: a pending withdrawal already holds its money). Paid credits were
 * transferred out by the company and no longer count. Pending: credits under analysis.
 */
export function totalsOf(transactions: readonly Transaction[]) {
  let balanceCents = 0
  let pendingCents = 0
  for (const t of transactions) {
    if (t.amountCents < 0) balanceCents += t.amountCents
    else if (t.status === 'available') balanceCents += t.amountCents
    else if (t.status === 'pending') pendingCents += t.amountCents
  }
  return { balanceCents: Math.max(0, balanceCents), pendingCents }
}

export function walletOf(ctx: BackendContext, agentId: string): Wallet {
  const transactions = transactionsOf(ctx, agentId)
  const bank = ctx.db.banks.findFirst((q) => q.where({ ownerId: agentId }))?.bank
  return { ...totalsOf(transactions), transactions, bank: bank ? plain(bank) : null }
}

/** Checks what the schema cannot (CPF check digits, Pix key) and returns the data as stored. */
function checkBank(body: BankInfo): BankInfo {
  const fields: Array<{ field: string; message: string }> = []
  if (!isValidCpf(body.cpf)) fields.push({ field: 'cpf', message: cpfMessages.invalid })
  const { pixKey: rawPixKey, ...rest } = body
  const pixInput = rawPixKey?.trim() ?? ''
  const pix = pixInput === '' ? null : parsePixKey(pixInput)
  if (pixInput !== '' && !pix) fields.push({ field: 'pixKey', message: pixKeyError(pixInput) })
  if (fields.length > 0)
    throw problem(422, 'validation_failed', 'Confira os campos destacados.', { fields })
  // An empty Pix key means "no Pix key".
  return {
    ...rest,
    holderName: rest.holderName.trim().replace(/\s+/g, ' '),
    ...(pix ? { pixKey: pix.key } : {}),
  }
}

/** The amount's rule is the domain's (R$ 1,00 at least), in its words: they name the minimum. */
const WITHDRAWAL_AMOUNT: DomainCheck = {
  owns: /^amountCents$/,
  check(raw) {
    const amount = isRecord(raw) ? raw.amountCents : undefined
    const message = withdrawalAmountError(typeof amount === 'number' ? amount : Number.NaN)
    return message ? [{ field: 'amountCents', message }] : []
  },
}

export function walletHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  const { db } = ctx
  return [
    http.get('/wallet', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(walletOf(ctx, agent.id))
    }),

    http.put('/wallet/bank', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `bank:${agent.id}`, async () => {
        const bank = checkBank(await readBody(request, 'BankInfo'))
        const existing = db.banks.findFirst((q) => q.where({ ownerId: agent.id }))
        if (existing)
          await db.banks.update(existing, {
            data(b) {
              b.bank = bank
            },
          })
        else await db.banks.create({ ownerId: agent.id, bank })
        ctx.log(`${agent.name} atualizou os dados bancários`)
        return HttpResponse.json(walletOf(ctx, agent.id), { status: 200 })
      })
    }),

    http.post('/wallet/withdrawals', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `withdrawal:${agent.id}`, async () => {
        const { amountCents } = await readBody(request, 'WithdrawalInput', WITHDRAWAL_AMOUNT)
        const wallet = walletOf(ctx, agent.id)
        if (!wallet.bank)
          throw problem(
            409,
            'bank_info_missing',
            'Cadastre seus dados bancários antes de pedir um saque.',
          )
        if (amountCents > wallet.balanceCents)
          throw problem(
            409,
            'insufficient_balance',
            `Saldo insuficiente: você tem ${formatCents(wallet.balanceCents)} disponível para saque.`,
          )
        const { bank } = wallet
        const transaction: Transaction = {
          id: newId(ctx, 'trx'),
          kind: 'withdrawal',
          amountCents: -amountCents,
          status: 'pending',
          createdAt: isoNow(ctx),
          description: `Saque para conta ${bank.account} — banco ${bank.bankCode}, agência ${bank.branch}`,
        }
        await db.transactions.create({ ...transaction, ownerId: agent.id })
        ctx.log(`${agent.name} pediu saque de ${formatCents(amountCents)}`)
        return HttpResponse.json(transaction, { status: 201 })
      })
    }),

    http.get('/awards/mine', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      const taskIds = new Set(
        db.tasks.findMany((q) => q.where({ agentId: agent.id })).map((t) => t.id),
      )
      const items = db.awards
        .findMany((q) => q.where((a) => taskIds.has(a.taskId)))
        .map((a) => plain(a))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      return response(200).json({ items })
    }),
  ]
}

/** The payout of a task in the agent's wallet; created pending when there is none yet. */
export async function ensurePayoutTransaction(ctx: BackendContext, task: Task) {
  const existing = ctx.db.transactions.findFirst((q) =>
    q.where((t) => t.taskId === task.id && t.kind === 'task'),
  )
  if (existing) return existing
  return ctx.db.transactions.create({
    ownerId: task.agentId,
    id: newId(ctx, 'trx'),
    kind: 'task',
    amountCents: task.payoutCents,
    status: 'pending',
    createdAt: isoNow(ctx),
    taskId: task.id,
    description: `Visita ${task.slug} — ${task.location.name}`,
  })
}
