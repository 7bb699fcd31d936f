import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/api-error'
import { clearSession, saveSession } from '@/lib/session'
import { ErrorPage } from './error-page'
import { technicalDetails } from './technical-details'

const TOKEN = 'ses_Xy7pQ2rT9w'

function renderErrorPage(error: unknown) {
  const Crash = () => {
    throw error
  }
  const router = createMemoryRouter(
    [{ path: '/tasks/:slug', Component: Crash, errorElement: <ErrorPage /> }],
    { initialEntries: ['/tasks/T-4827'] },
  )
  render(<RouterProvider router={router} />)
}

const detailsOf = () => screen.getByText('Detalhes técnicos').closest('details')!

// React and React Router report the caught render error on the console: not this test's subject.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined))
afterEach(() => {
  vi.restoreAllMocks()
  clearSession()
})

describe('the error page', () => {
  it('shows the technical details with the session token and bearer credentials removed', async () => {
    saveSession({ token: TOKEN, agentId: 'agt_1', expiresAt: '2099-01-01T00:00:00Z' })
    renderErrorPage(
      new Error(`Falhou ao enviar com Authorization: Bearer ${TOKEN} (sessão ${TOKEN})`),
    )
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument()
    await userEvent.setup().click(await screen.findByText('Detalhes técnicos'))
    const details = screen.getByText(/Mensagem:/)
    expect(details).toHaveTextContent('Bearer [removido]')
    expect(details).toHaveTextContent('Rota: /tasks/T-4827')
    expect(document.body.textContent).not.toContain(TOKEN)
  })

  it('copies the details for support', async () => {
    const user = userEvent.setup()
    // After setup: user-event puts its own clipboard on the navigator.
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    renderErrorPage(new Error('quebrou'))
    await user.click(await screen.findByText('Detalhes técnicos'))
    await user.click(screen.getByRole('button', { name: 'Copiar detalhes' }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Mensagem: quebrou'))
    expect(await screen.findByRole('button', { name: 'Copiado' })).toBeInTheDocument()
    expect(within(detailsOf()).getByRole('status')).toBeEmptyDOMElement()
  })

  it('when the clipboard refuses, nothing is thrown: the text is selected and the agent told', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(() => Promise.reject(new DOMException('Negado', 'NotAllowedError')))
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    renderErrorPage(new Error('quebrou'))
    await user.click(await screen.findByText('Detalhes técnicos'))
    await user.click(screen.getByRole('button', { name: 'Copiar detalhes' }))
    expect(await within(detailsOf()).findByRole('status')).toHaveTextContent(
      'O celular não deixou copiar. O texto acima ficou selecionado: copie pelo menu do celular.',
    )
    expect(window.getSelection()?.toString()).toContain('Mensagem: quebrou')
    expect(screen.getByRole('button', { name: 'Copiar detalhes' })).toBeInTheDocument()
  })

  it('redacts an opaque token it does not know, and keeps the request id for support', () => {
    const foreign = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ3QifQ.c2ln'
    const error = new ApiError({
      status: 500,
      code: 'internal_error',
      message: `token inválido: ${foreign}`,
      problem: {
        type: 'about:blank',
        title: 'Erro',
        status: 500,
        code: 'internal_error',
        requestId: 'req_k2j4h5l6',
      },
      method: 'GET',
      path: '/me',
    })
    const details = technicalDetails(error, '/account')
    expect(details).not.toContain(foreign)
    expect(details).toContain('ID da requisição: req_k2j4h5l6')
    expect(details).toContain('Requisição: GET /me → 500 (internal_error)')
  })
})
