import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/render-route'

describe('Falha na ativação', () => {
  it.each([
    ['activation_invalid', 'Link de ativação inválido'],
    ['activation_expired', 'Link de ativação expirado'],
    ['outra-coisa', 'Algo deu errado na ativação'],
    ['', 'Algo deu errado na ativação'],
  ])('reason %j → %s', async (reason, title) => {
    await renderRoute(`/activation/error?reason=${reason}`, { signedIn: false })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Não foi possível ativar sua conta' }),
    ).toBeInTheDocument()
    expect(screen.getByText(title)).toBeInTheDocument()
  })

  it('shows how to get help', async () => {
    await renderRoute('/activation/error?reason=activation_expired', { signedIn: false })
    expect(await screen.findByRole('link', { name: 'Entrar com celular' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(screen.getByRole('link', { name: 'Falar com o suporte pelo WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511900000000',
    )
    expect(screen.getByRole('link', { name: 'Ver perguntas frequentes' })).toHaveAttribute(
      'href',
      '/help',
    )
  })
})
