import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

describe('Termos de uso', () => {
  it('asks a new agent to accept the current version, and records it', async () => {
    const { user } = await renderRoute('/account/terms', { scenario: 'new-agent' })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Termos de uso do Avaliador' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Versão \S+, publicada em \d{2}\/\d{2}\/\d{4}$/)).toBeInTheDocument()
    const article = screen.getByRole('article')
    expect(within(article).getAllByText(/.+/, { selector: 'p' }).length).toBeGreaterThan(3)

    await user.click(screen.getByRole('button', { name: 'Li e aceito os termos' }))
    expect(await screen.findByText(/^Você aceitou esta versão em/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Li e aceito os termos' })).not.toBeInTheDocument()
    await waitFor(() =>
      expect(
        fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))
          ?.termsVersionAccepted,
      ).not.toBeNull(),
    )
  })

  it('says when the agent accepted', async () => {
    await renderRoute('/account/terms')
    expect(
      await screen.findByText(/^Você aceitou esta versão em \d{2}\/\d{2}\/\d{4}/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Li e aceito os termos' })).not.toBeInTheDocument()
  })

  it('keeps the button to try again when accepting fails', async () => {
    const { user } = await renderRoute('/account/terms', { scenario: 'new-agent' })
    failApi('put', '/terms/:version/acceptance', 500)
    await user.click(await screen.findByRole('button', { name: 'Li e aceito os termos' }))
    expect(await screen.findByText('Não foi possível registrar o aceite.')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Li e aceito os termos' }))
    expect(await screen.findByText(/^Você aceitou esta versão em/)).toBeInTheDocument()
  })

  it('says so when the terms cannot load, and retries', async () => {
    failApi('get', '/terms/current', 500)
    const { user } = await renderRoute('/account/terms')
    expect(
      await screen.findByText('Não foi possível carregar os termos de uso'),
    ).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Termos de uso do Avaliador' }),
    ).toBeInTheDocument()
  })
})
