import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { walletOf } from '../../../../mocks/handlers/wallet'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { formatMoney } from '@/lib/format'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

/** As Testing Library reads it (the no-break space after R$ becomes a space). */
const money = (cents: number) => formatMoney(cents).replace(/\s/g, ' ')
const wallet = () => walletOf(fakeBackend.context, DEMO_AGENT_ID)
const withdrawals = () => wallet().transactions.filter((t) => t.kind === 'withdrawal')

async function openWithdraw() {
  const rendered = await renderRoute('/account/wallet')
  await rendered.user.click(await screen.findByRole('button', { name: 'Sacar' }))
  const sheet = await screen.findByRole('dialog', { name: 'Sacar' })
  return {
    ...rendered,
    sheet,
    amount: within(sheet).getByRole('textbox', { name: 'Valor do saque (R$)' }),
  }
}

describe('Carteira', () => {
  it('shows the balance, the amount under analysis and every transaction with its state', async () => {
    await renderRoute('/account/wallet')
    const { balanceCents, pendingCents, transactions } = wallet()
    const totals = await screen.findByRole('region', { name: 'Carteira' })
    expect(within(totals).getByText(money(balanceCents))).toBeInTheDocument()
    expect(within(totals).getByText(money(pendingCents))).toBeInTheDocument()
    // "Em análise" holds approved visits not yet released too, and says so.
    expect(
      within(totals).getByText(/^Visitas em validação e visitas aprovadas que ainda não/),
    ).toBeInTheDocument()

    const list = screen.getByRole('list', { name: 'Movimentações' })
    const rows = within(list).getAllByRole('link')
    expect(rows).toHaveLength(transactions.length)
    for (const [i, t] of transactions.entries()) {
      expect(rows[i]).toHaveAttribute('href', `/account/details/transactions/${t.id}`)
      expect(
        within(rows[i]!).getByText(
          { pending: 'Em análise', available: 'Disponível', paid: 'Pago' }[t.status],
        ),
      ).toBeInTheDocument()
      expect(within(rows[i]!).getByText(money(t.amountCents))).toBeInTheDocument()
    }
  })

  it('withdraws an amount typed with a comma, to the registered account', async () => {
    const { user, amount, sheet } = await openWithdraw()
    const before = wallet().balanceCents
    await user.type(amount, '10,50')
    await user.click(within(sheet).getByRole('button', { name: /^Sacar R\$\s10,50$/ }))
    expect(await screen.findByText(/^Saque de R\$\s10,50 solicitado$/)).toBeInTheDocument()
    expect(withdrawals()).toEqual([
      expect.objectContaining({ amountCents: -1050, status: 'pending' }),
    ])
    await waitFor(() => expect(screen.getByText(money(before - 1050))).toBeInTheDocument())
    expect(await screen.findByText(money(-1050))).toBeInTheDocument()
  })

  it('refuses more than the balance, next to the field, keeping the amount', async () => {
    const { user, amount, sheet } = await openWithdraw()
    const balance = wallet().balanceCents
    const tooMuch = `${Math.floor(balance / 100) + 1},00`
    await user.type(amount, tooMuch)
    await user.click(within(sheet).getByRole('button', { name: /^Sacar R\$/ }))
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining(`O valor passa do seu saldo disponível (${formatMoney(balance)}).`),
    )
    expect(amount).toHaveValue(tooMuch)
    expect(withdrawals()).toHaveLength(0)
  })

  it('refuses R$ 0,50 naming the R$ 1,00 minimum next to the amount, and says the minimum before', async () => {
    const { user, amount, sheet } = await openWithdraw()
    expect(amount).toHaveAccessibleDescription(expect.stringMatching(/Mínimo: R\$\s1,00\./))
    await user.type(amount, '0,50')
    await user.click(within(sheet).getByRole('button', { name: /^Sacar R\$\s0,50$/ }))
    expect(amount).toHaveAccessibleDescription(
      expect.stringMatching(/O valor mínimo do saque é R\$\s1,00\./),
    )
    expect(amount).toBeInvalid()
    expect(amount).toHaveValue('0,50')
    expect(within(sheet).queryByText('Confira os campos destacados.')).not.toBeInTheDocument()
    expect(withdrawals()).toHaveLength(0)
  })

  it('shows the server’s refusal of the amount next to the field, in its words', async () => {
    const { user, amount, sheet } = await openWithdraw()
    failApi('post', '/wallet/withdrawals', 422, {
      type: 'about:blank',
      title: 'Dados inválidos',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
      fields: [{ field: 'amountCents', message: 'O valor mínimo do saque é R$ 5,00.' }],
    })
    await user.type(amount, '2')
    await user.click(within(sheet).getByRole('button', { name: /^Sacar R\$/ }))
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        expect.stringContaining('O valor mínimo do saque é R$ 5,00.'),
      ),
    )
    expect(within(sheet).queryByText('Confira os campos destacados.')).not.toBeInTheDocument()
    expect(within(sheet).queryByText('Não foi possível pedir o saque.')).not.toBeInTheDocument()
    expect(amount).toHaveValue('2')
  })

  it('with less than the minimum available, says so instead of a form', async () => {
    const { user } = await renderRoute('/account/wallet')
    fakeServer.use(
      http.get(`${API}/wallet`, () => HttpResponse.json({ ...wallet(), balanceCents: 50 })),
    )
    await user.click(await screen.findByRole('button', { name: 'Sacar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Sacar' })
    expect(
      await within(sheet).findByText(
        'Seu saldo disponível (R$ 0,50) é menor que o valor mínimo do saque (R$ 1,00).',
      ),
    ).toBeInTheDocument()
    expect(within(sheet).queryByRole('textbox')).not.toBeInTheDocument()
  })

  it('explains an amount it cannot read', async () => {
    const { user, amount, sheet } = await openWithdraw()
    await user.type(amount, '12,345')
    await user.click(within(sheet).getByRole('button', { name: 'Pedir saque' }))
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('Valor inválido.'))
    expect(amount).toHaveValue('12,345')
  })

  it('"Sacar tudo" fills in the whole balance', async () => {
    const { user, amount, sheet } = await openWithdraw()
    await user.click(within(sheet).getByRole('button', { name: /^Sacar tudo/ }))
    const balance = wallet().balanceCents
    expect(amount).toHaveValue(
      `${Math.floor(balance / 100)},${String(balance % 100).padStart(2, '0')}`,
    )
  })

  it('shows the server’s insufficient-balance answer next to the amount', async () => {
    const { user, amount, sheet } = await openWithdraw()
    failApi('post', '/wallet/withdrawals', 409, {
      type: 'about:blank',
      title: 'Saldo insuficiente',
      status: 409,
      code: 'insufficient_balance',
      detail: 'Saldo insuficiente: você tem R$ 5,00 disponível para saque.',
    })
    await user.type(amount, '10')
    await user.click(within(sheet).getByRole('button', { name: /^Sacar R\$/ }))
    expect(
      await within(sheet).findByText('Saldo insuficiente: você tem R$ 5,00 disponível para saque.'),
    ).toBeInTheDocument()
    expect(amount).toHaveValue('10')
  })

  it('retries a failed withdrawal with the same Idempotency-Key, so it happens once', async () => {
    const { user, amount, sheet } = await openWithdraw()
    const keys: Array<string | null> = []
    const listener = ({ request }: { request: Request }) => {
      if (request.method === 'POST' && request.url === `${API}/wallet/withdrawals`)
        keys.push(request.headers.get('Idempotency-Key'))
    }
    fakeServer.events.on('request:start', listener)
    failApi('post', '/wallet/withdrawals', 503)
    await user.type(amount, '5')
    const submit = within(sheet).getByRole('button', { name: /^Sacar R\$\s5,00$/ })
    await user.click(submit)
    expect(await within(sheet).findByText('Não foi possível pedir o saque.')).toBeInTheDocument()
    expect(amount).toHaveValue('5')
    fakeServer.resetHandlers()
    await user.click(submit)
    expect(await screen.findByText(/^Saque de R\$\s5,00 solicitado$/)).toBeInTheDocument()
    fakeServer.events.removeListener('request:start', listener)
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
    expect(withdrawals()).toHaveLength(1)
  })

  it('asks for bank data before a first withdrawal, and shows an empty history', async () => {
    const { user } = await renderRoute('/account/wallet', { scenario: 'new-agent' })
    expect(await screen.findByText('Nenhuma movimentação ainda')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sacar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Sacar' })
    expect(within(sheet).getByText(/cadastre primeiro a conta/)).toBeInTheDocument()
    expect(within(sheet).getByRole('link', { name: 'Cadastrar dados bancários' })).toHaveAttribute(
      'href',
      '/account/bank-info?next=%2Faccount%2Fwallet',
    )
  })

  it('says so when the wallet cannot load, and retries', async () => {
    failApi('get', '/wallet', 500)
    const { user } = await renderRoute('/account/wallet')
    expect(await screen.findByText('Não foi possível carregar sua carteira')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('list', { name: 'Movimentações' })).toBeInTheDocument()
  })
})
