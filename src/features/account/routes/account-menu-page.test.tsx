import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { failApi, fakeBackend, renderRoute } from '@/test/render-route'

const demoAgent = () => fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!

describe('Conta', () => {
  it('shows who is signed in and links to every account screen', async () => {
    await renderRoute('/account')
    expect(await screen.findByRole('heading', { level: 1, name: 'Conta' })).toBeInTheDocument()
    const agent = demoAgent()
    expect(await screen.findByText(agent.name)).toBeInTheDocument()
    expect(screen.getByText('+55 (11) 98765-4321')).toBeInTheDocument()
    const expected: Array<[RegExp, string]> = [
      [/^Perfil/, '/account/profile'],
      [/^Dados bancários/, '/account/bank-info'],
      [/^Carteira/, '/account/wallet'],
      [/^Termos de uso/, '/account/terms'],
      [/^Privacidade/, '/about/privacy'],
      [/^Ajuda/, '/help'],
      [/^Verificar aparelho/, '/tasks/permissions'],
      [/^Notificações do sistema/, '/permissions/notifications'],
      [/^Sair$/, '/logout'],
    ]
    const main = screen.getByRole('main')
    for (const [name, href] of expected)
      expect(within(main).getByRole('link', { name })).toHaveAttribute('href', href)
  })

  it('turns availability off and on, saved on the server', async () => {
    const { user } = await renderRoute('/account')
    const toggle = await screen.findByRole('switch', {
      name: /^Disponível para novas oportunidades/,
    })
    expect(toggle).toBeChecked()
    await user.click(toggle)
    expect(toggle).not.toBeChecked()
    expect(
      await screen.findByText('Você ficou indisponível: não receberá novas oportunidades.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(demoAgent().available).toBe(false))
    await user.click(toggle)
    expect(toggle).toBeChecked()
    await waitFor(() => expect(demoAgent().available).toBe(true))
  })

  it('rolls the switch back and says so when the server refuses', async () => {
    const { user } = await renderRoute('/account')
    const toggle = await screen.findByRole('switch', {
      name: /^Disponível para novas oportunidades/,
    })
    failApi('put', '/me/availability', 500)
    await user.click(toggle)
    expect(
      await screen.findByText('Não foi possível mudar sua disponibilidade. Tente de novo.'),
    ).toBeInTheDocument()
    expect(toggle).toBeChecked()
    expect(demoAgent().available).toBe(true)
  })

  it('flags terms waiting for acceptance', async () => {
    await renderRoute('/account', { scenario: 'new-agent' })
    expect(
      await screen.findByRole('link', { name: /^Termos de uso\s*Aceite pendente/ }),
    ).toBeInTheDocument()
  })

  it('shows the availability alert of the shell while unavailable', async () => {
    const { user } = await renderRoute('/account')
    await user.click(
      await screen.findByRole('switch', { name: /^Disponível para novas oportunidades/ }),
    )
    const region = await screen.findByRole('region', { name: 'Avisos' })
    expect(await within(region).findByText('Você está indisponível')).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Ficar disponível' })).toBeInTheDocument()
  })

  it('"Sair" signs out', async () => {
    const { user } = await renderRoute('/account')
    await user.click(await screen.findByRole('link', { name: 'Sair' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Você saiu' })).toBeInTheDocument()
  })
})
