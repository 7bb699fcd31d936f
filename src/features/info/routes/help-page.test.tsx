import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/render-route'

describe('Ajuda', () => {
  it('answers the common questions in disclosures', async () => {
    const { user } = await renderRoute('/help')
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument()
    const questions = screen.getAllByText(/\?$/, { selector: 'summary' })
    expect(questions.length).toBeGreaterThanOrEqual(8)
    const checkin = screen.getByText('Por que o check-in não é aceito?')
    const details = checkin.closest('details')!
    expect(details).not.toHaveAttribute('open')
    await user.click(checkin)
    expect(details).toHaveAttribute('open')
    expect(screen.getByText(/dentro do raio do local da visita/)).toBeVisible()
    for (const topic of [/sem internet/, /fotos/, /recebo/, /pendências/])
      expect(screen.getByText(topic, { selector: 'summary' })).toBeInTheDocument()
  })

  it('shows how to reach support and the app version', async () => {
    await renderRoute('/help')
    expect(await screen.findByRole('link', { name: /Conversar pelo WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/5511900000000',
    )
    expect(screen.getByRole('link', { name: /Enviar e-mail/ })).toHaveAttribute(
      'href',
      'mailto:suporte@avaliador.example',
    )
    expect(screen.getByText(/^Avaliador versão \d+\.\d+\.\d+/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute(
      'href',
      '/about/privacy',
    )
  })
})

describe('Política de privacidade', () => {
  it('says what data, why, for how long, the rights under the LGPD and whom to contact', async () => {
    await renderRoute('/about/privacy')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de privacidade' }),
    ).toBeInTheDocument()
    for (const heading of [
      'Quais dados coletamos',
      'Para que usamos',
      'Por quanto tempo guardamos',
      'Seus direitos',
      'Contato do encarregado (DPO)',
    ])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    expect(screen.getAllByText(/LGPD/).length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: /privacidade@avaliador\.example/ })).toHaveAttribute(
      'href',
      'mailto:privacidade@avaliador.example',
    )
  })
})
