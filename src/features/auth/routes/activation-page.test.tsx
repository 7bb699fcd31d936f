import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID, DEMO_INVITATION } from '../../../../mocks/seed/seed'
import { currentSession } from '@/lib/session'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

const link = `/activation?id=${DEMO_INVITATION.id}&token=${DEMO_INVITATION.token}`
const agent = () => fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!

describe('Ativação da conta', () => {
  it('activates the invited agent, signs in, asks for the terms, then opens the opportunities', async () => {
    const { user, router } = await renderRoute(link, { signedIn: false, scenario: 'new-agent' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ativação da conta' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByText('Conta ativada! Falta só ler e aceitar os termos de uso.'),
    ).toBeInTheDocument()
    expect(currentSession()?.agentId).toBe(DEMO_AGENT_ID)
    expect(
      fakeBackend.db.invitations.findFirst((q) => q.where({ id: DEMO_INVITATION.id }))?.usedAt,
    ).not.toBeNull()
    expect(
      screen.getByRole('heading', { level: 2, name: 'Termos de uso do Avaliador' }),
    ).toBeInTheDocument()
    expect(agent().termsVersionAccepted).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Aceitar e continuar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
    expect(agent().termsVersionAccepted).not.toBeNull()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oportunidades' }),
    ).toBeInTheDocument()
  })

  it('goes straight to the opportunities when the current terms were already accepted', async () => {
    const { router } = await renderRoute(link, { signedIn: false })
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
    expect(currentSession()?.agentId).toBe(DEMO_AGENT_ID)
  })

  it('sends an invalid link to the error page', async () => {
    const { router } = await renderRoute('/activation?id=inv_demo&token=errado', {
      signedIn: false,
    })
    expect(await screen.findByText('Link de ativação inválido')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/activation/error')
    expect(router.state.location.search).toBe('?reason=activation_invalid')
    expect(currentSession()).toBeNull()
  })

  it('treats a link without id or token as invalid', async () => {
    const { router } = await renderRoute('/activation?id=inv_demo', { signedIn: false })
    expect(await screen.findByText('Link de ativação inválido')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?reason=activation_invalid')
  })

  it('an expired invitation says so', async () => {
    failApi('post', '/auth/activation', 410, {
      type: 'about:blank',
      title: 'Convite expirado',
      status: 410,
      code: 'activation_expired',
      detail: 'Este link de ativação expirou.',
    })
    await renderRoute(link, { signedIn: false })
    expect(await screen.findByText('Link de ativação expirado')).toBeInTheDocument()
  })

  it('retries in place when the server is unreachable', async () => {
    failApi('post', '/auth/activation', 503)
    const { user } = await renderRoute(link, { signedIn: false, scenario: 'new-agent' })
    expect(await screen.findByText('Não foi possível ativar sua conta agora')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('button', { name: 'Aceitar e continuar' })).toBeInTheDocument()
  })

  it('keeps the terms on screen when accepting fails', async () => {
    const { user, router } = await renderRoute(link, { signedIn: false, scenario: 'new-agent' })
    const accept = await screen.findByRole('button', { name: 'Aceitar e continuar' })
    failApi('put', '/terms/:version/acceptance', 500)
    await user.click(accept)
    expect(await screen.findByText('Não foi possível registrar o aceite.')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(accept)
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
  })
})
