/**
 * The demo panel's validator: it sees where a report's check-in was made from and with what
 * GPS accuracy, and it grants or refuses a nomination in analysis (what the agent then sees:
 * src/features/wallet/routes/detail-pages.test.tsx).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeBackend } from '../../mocks/fake-backend'
import { DEMO_AGENT_ID } from '../../mocks/seed/seed'
import { DemoPanel } from './demo-panel'

async function openPanel() {
  const backend = await createFakeBackend({ seed: 4821, scenario: 'busy-agent' })
  const noop = () => {}
  const queryClient = new QueryClient()
  const validating = backend.db.tasks.findFirst((q) =>
    q.where({ agentId: DEMO_AGENT_ID, status: { code: 'validating' } }),
  )!
  const approved = backend.db.tasks.findFirst((q) =>
    q.where({ agentId: DEMO_AGENT_ID, status: { code: 'approved' } }),
  )!
  const nominate = (id: string, attendantName: string) =>
    backend.db.awards.create({
      id,
      code: 'NOTA10',
      taskId: approved.id,
      attendantCode: `att_${id}`,
      attendantName,
      score: 92,
      status: 'pending',
      createdAt: new Date(backend.clock.now()).toISOString(),
    })
  await nominate('awd_a', 'Renata Moura')
  await nominate('awd_b', 'Paulo Lima')
  render(
    <QueryClientProvider client={queryClient}>
      <DemoPanel
        backend={backend}
        open
        onClose={noop}
        onChanged={noop}
        onReset={noop}
        onLeave={noop}
        onSwitch={noop}
      />
    </QueryClientProvider>,
  )
  return { backend, validating, approved, user: userEvent.setup() }
}

describe('Painel da demonstração — Validador', () => {
  it('says where the check-in of the report was made from, and how precise the GPS was', async () => {
    const { validating } = await openPanel()
    const validator = screen.getByRole('region', { name: 'Validador' })
    expect(within(validator).getByLabelText('Relatório')).toHaveDisplayValue(
      `${validating.slug} — ${validating.title}`,
    )
    expect(validating.steps.checkin?.accuracy).toBe(12)
    expect(
      within(validator).getByText('Check-in a 8 m do local, com precisão de ±12 m.'),
    ).toBeInTheDocument()
  })

  it('grants one nomination and refuses the other; the agent sees each', async () => {
    const { backend, user } = await openPanel()
    const list = screen.getByRole('list', { name: 'Indicações a prêmios em análise' })
    const renata = within(list)
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Renata Moura'))!
    expect(renata).toHaveTextContent('Atendimento nota 10 — Renata Moura')
    await user.click(within(renata).getByRole('button', { name: 'Conceder' }))
    expect(await screen.findByText('Prêmio concedido a Renata Moura')).toBeInTheDocument()

    const paulo = within(screen.getByRole('list', { name: 'Indicações a prêmios em análise' }))
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('Paulo Lima'))!
    await user.click(within(paulo).getByRole('button', { name: 'Não conceder' }))
    expect(await screen.findByText('Prêmio não concedido a Paulo Lima')).toBeInTheDocument()

    expect(backend.db.awards.findFirst((q) => q.where({ id: 'awd_a' }))!.status).toBe('complete')
    expect(backend.db.awards.findFirst((q) => q.where({ id: 'awd_b' }))!.status).toBe('rejected')
    // Decided: no longer in analysis.
    expect(
      screen.queryByRole('list', { name: 'Indicações a prêmios em análise' }),
    ).not.toBeInTheDocument()
  })
})
