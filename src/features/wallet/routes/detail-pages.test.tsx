import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { transactionsOf } from '../../../../mocks/handlers/wallet'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

const transactions = () => transactionsOf(fakeBackend.context, DEMO_AGENT_ID)
const taskById = (id: string) => fakeBackend.db.tasks.findFirst((q) => q.where({ id }))!

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
      score: 88.94,
      status: 'pending',
      createdAt: new Date().toISOString(),
    })
    await router.navigate(`/account/details/awards/${award.code}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: `Prêmio ${award.code}` }),
    ).toBeInTheDocument()
    expect(await screen.findByText('Em análise')).toBeInTheDocument()
    expect(screen.getByText('Nota da visita: 88,9')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: `Ver tarefa ${task.slug}` })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}`,
    )
    expect(await screen.findByRole('heading', { level: 2, name: award.title })).toBeInTheDocument()
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
