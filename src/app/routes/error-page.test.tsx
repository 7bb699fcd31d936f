import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/api-error'
import { clearSession, saveSession } from '@/lib/session'
import { ErrorPage, technicalDetails } from './error-page'

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
    await userEvent.setup().click(screen.getByText('Detalhes técnicos'))
    const details = screen.getByText(/Mensagem:/)
    expect(details).toHaveTextContent('Bearer [removido]')
    expect(details).toHaveTextContent('Rota: /tasks/T-4827')
    expect(document.body.textContent).not.toContain(TOKEN)
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
