import { screen, within } from '@testing-library/react'
import { describe, expect, it, beforeEach } from 'vitest'
import { completeAward, rejectAward } from '../../../../mocks/handlers/revisions'
import { transactionsOf } from '../../../../mocks/handlers/wallet'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import {
  API,
  failApi,
  fakeBackend,
  fakeServer,
  renderRoute,
  freshBackend,
} from '@/test/render-route'

const transactions = () => transactionsOf(fakeBackend.context, DEMO_AGENT_ID)
const taskById = (id: string) => fakeBackend.db.tasks.findFirst((q) => q.where({ id }))!

// Tests read the seeded world before rendering: from the seed, not from the test before.
beforeEach(() => freshBackend())

describe('Detalhe de uma movimentação', () => {
  it('a paid visit: amount, timeline with dates, and the task by its code', async () => {
    await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
    const paid = transactions().find((t) => t.status === 'paid' && t.taskId)!
    await renderRoute(`/account/details/transactions/${paid.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Visita' })).toBeInTheDocument()
    expect(screen.getByText(paid.description)).toBeInTheDocument()
    const steps = within(screen.getByRole('list', { name: 'Andamento' })).getAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Registrado \(concluído\)\d{2}\/\d{2}\/\d{4}/),
      expect.stringMatching(/^Disponível para saque \(concluído\)\d{2}\/\d{2}\/\d{4}/),
      expect.stringMatching(/^Pago \(concluído\)\d{2}\/\d{2}\/\d{4}/),
    ])
    const slug = taskById(paid.taskId!).slug
    expect(await screen.findByRole('link', { name: `Ver tarefa ${slug}` })).toHaveAttribute(
      'href',
      `/tasks/${slug}`,
    )
  })

  it('a credit under analysis shows what is still to come', async () => {
    await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
    const pending = transactions().find((t) => t.status === 'pending' && t.amountCents > 0)!
    await renderRoute(`/account/details/transactions/${pending.id}`)
    expect(await screen.findByText('Em análise')).toBeInTheDocument()
    const steps = within(screen.getByRole('list', { name: 'Andamento' })).getAllByRole('listitem')
    expect(steps[1]).toHaveTextContent('Disponível para saque (aguardando)')
    expect(steps[2]).toHaveTextContent('Pago (aguardando)')
  })

  it('says so for a transaction that is not in the wallet', async () => {
    await renderRoute('/account/details/transactions/trx_nao_existe')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Movimentação não encontrada' }),
    ).toBeInTheDocument()
  })

  it('says so for an unknown detail', async () => {
    await renderRoute('/account/details/contratos/1')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detalhe não encontrado' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar para a carteira' })).toHaveAttribute(
      'href',
      '/account/wallet',
    )
  })

  it('offers a retry when the wallet cannot load', async () => {
    failApi('get', '/wallet', 500)
    const { user } = await renderRoute('/account/details/transactions/trx_4831')
    expect(await screen.findByText('Não foi possível carregar sua carteira')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('list', { name: 'Andamento' })).toBeInTheDocument()
  })
})

describe('Detalhe de um prêmio', () => {
  it('lists the nominations for the award with status, score and task', async () => {
    const { router } = await renderRoute('/rota-inexistente')
    const task = fakeBackend.db.tasks.findFirst((q) =>
      q.where({ agentId: DEMO_AGENT_ID, status: { code: 'approved' } }),
    )!
    const mission = fakeBackend.db.missions.findFirst((q) => q.where({ id: task.missionId }))!
    const award = mission.awards[0]!
    await fakeBackend.db.awards.create({
      id: 'awd_teste',
      code: award.code,
      taskId: task.id,
      attendantCode: 'att_1',
      attendantName: 'Renata Moura',
      score: 88.94,
      status: 'pending',
      createdAt: new Date().toISOString(),
    })
    await router.navigate(`/account/details/awards/${award.code}`)
    // Titled by the award's name once its mission is known, never by its code.
    expect(await screen.findByRole('heading', { level: 1, name: award.title })).toBeInTheDocument()
    expect(screen.getByText(award.criteria)).toBeInTheDocument()
    expect(await screen.findByText('Em análise')).toBeInTheDocument()
    expect(screen.getByText('Nota da visita: 88,9')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: `Ver tarefa ${task.slug}` })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}`,
    )
  })

  it('names the attendant the agent nominated, and shows each decision of the validator', async () => {
    await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
    const { router } = await renderRoute('/rota-inexistente')
    // T-4828 (visited): its report has Marcelo Pereira; the award's goal within its score.
    await fakeBackend.db.missions.update((q) => q.where({ id: 'msn_farma' }), {
      data(m) {
        m.awards = m.awards.map((a) => ({ ...a, goal: 50 }))
      },
    })
    const report = fakeBackend.db.reports.findFirst((q) => q.where({ id: 'rep_4828' }))!
    const attendant = report.attendants[0]!
    const res = await fetch(`${API}/awards/`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer demo-token',
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ code: 'NOTA10', taskId: 'tsk_4828', attendantCode: attendant.code }),
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }

    await router.navigate('/account/details/awards/NOTA10')
    const nomination = async () => {
      const list = await screen.findByRole('list', { name: 'Suas indicações' })
      return within(list).getByRole('listitem')
    }
    const card = await nomination()
    expect(within(card).getByText(`Atendente: ${attendant.name}`)).toBeInTheDocument()
    expect(card).not.toHaveTextContent(attendant.code)
    expect(within(card).getByText('Indicado')).toBeInTheDocument()

    // The validator approves the report (the nomination goes to analysis), then decides it.
    await fakeBackend.db.awards.update((q) => q.where({ id }), {
      data(a) {
        a.status = 'pending'
      },
    })
    await completeAward(fakeBackend.context, id)
    // The agent comes back to the award (from the wallet, or the notification it was sent).
    await router.navigate('/account/wallet')
    expect(await screen.findByRole('heading', { level: 1, name: 'Carteira' })).toBeInTheDocument()
    await router.navigate('/account/details/awards/NOTA10')
    expect(await within(await nomination()).findByText('Concedido')).toBeInTheDocument()
  })

  it('shows a nomination the validator did not grant', async () => {
    const { router } = await renderRoute('/rota-inexistente')
    const task = fakeBackend.db.tasks.findFirst((q) => q.where({ slug: 'T-4829' }))!
    await fakeBackend.db.awards.create({
      id: 'awd_no',
      code: 'NOTA10',
      taskId: task.id,
      attendantCode: 'att_1',
      attendantName: 'Renata Moura',
      score: 90,
      status: 'pending',
      createdAt: new Date().toISOString(),
    })
    await rejectAward(fakeBackend.context, 'awd_no')
    await router.navigate('/account/details/awards/NOTA10')
    const card = within(await screen.findByRole('list', { name: 'Suas indicações' })).getByRole(
      'listitem',
    )
    expect(await within(card).findByText('Não concedido')).toBeInTheDocument()
    expect(within(card).getByText('Atendente: Renata Moura')).toBeInTheDocument()
  })

  it('says so when there is no nomination for the code', async () => {
    await renderRoute('/account/details/awards/NAOEXISTE')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prêmio não encontrado' }),
    ).toBeInTheDocument()
  })

  it('offers a retry when the awards cannot load', async () => {
    failApi('get', '/awards/mine', 500)
    const { user } = await renderRoute('/account/details/awards/NOTA10')
    expect(await screen.findByText('Não foi possível carregar seus prêmios')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prêmio não encontrado' }),
    ).toBeInTheDocument()
  })
})
