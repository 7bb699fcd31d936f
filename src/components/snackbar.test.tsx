import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Page } from './page'
import { SNACKBAR_MS } from '@/domain/constants'
import { SnackbarProvider, useMessageShowing, useSnackbar } from './snackbar'

function Report() {
  const snackbar = useSnackbar()
  const navigate = useNavigate()
  return (
    <Page title="Relatório">
      <button type="button" onClick={() => snackbar('Cupom salvo no relatório.')}>
        Salvar cupom
      </button>
      <button
        type="button"
        onClick={() => {
          snackbar('Relatório enviado para validação.', { onNextScreen: true })
          navigate('/status')
        }}
      >
        Enviar relatório
      </button>
      <Link to="/carteira">Carteira</Link>
    </Page>
  )
}

/** What a screen's bottom bar does: its entries hidden while a message takes its place. */
function Bar() {
  return useMessageShowing() ? <p>Navegação coberta</p> : <nav aria-label="Barra">Entradas</nav>
}

function renderScreens() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Report /> },
      {
        path: '/status',
        element: (
          <Page title="Situação">
            <Link to="/carteira">Carteira</Link>
          </Page>
        ),
      },
      { path: '/carteira', element: <Page title="Carteira">Saldo</Page> },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <SnackbarProvider>
      <RouterProvider router={router} />
      <Bar />
    </SnackbarProvider>,
  )
  return router
}

/** The message line of the screen: the polite live region inside its main landmark. */
const messageLine = () => within(screen.getByRole('main')).getByRole('status')

describe('snackbar', () => {
  afterEach(() => vi.useRealTimers())

  it('is a live region of the screen, after its heading, before its content', async () => {
    const user = userEvent.setup()
    renderScreens()
    const line = messageLine()
    // The live region is in the page before any message, so the first one is announced too.
    expect(line).toHaveAttribute('aria-live', 'polite')
    expect(line).toBeEmptyDOMElement()
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    expect(line).toHaveTextContent('Cupom salvo no relatório.')
    // Right after the heading's header, before the screen's content.
    const main = screen.getByRole('main')
    expect(main.children[1]).toBe(line)
    // One line on screen: no second copy anywhere else in the document.
    expect(screen.getAllByText('Cupom salvo no relatório.')).toHaveLength(1)
  })

  it('ends with its screen', async () => {
    const user = userEvent.setup()
    renderScreens()
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    expect(messageLine()).toHaveTextContent('Cupom salvo no relatório.')
    await user.click(screen.getByRole('link', { name: 'Carteira' }))
    expect(await screen.findByRole('heading', { name: 'Carteira' })).toBeInTheDocument()
    expect(messageLine()).toBeEmptyDOMElement()
    expect(screen.queryByText('Cupom salvo no relatório.')).not.toBeInTheDocument()
  })

  it('a message for the next screen shows there, and ends when that screen is left', async () => {
    const user = userEvent.setup()
    renderScreens()
    await user.click(screen.getByRole('button', { name: 'Enviar relatório' }))
    expect(await screen.findByRole('heading', { name: 'Situação' })).toBeInTheDocument()
    expect(await screen.findByText('Relatório enviado para validação.')).toBeInTheDocument()
    expect(messageLine()).toHaveTextContent('Relatório enviado para validação.')
    await user.click(screen.getByRole('link', { name: 'Carteira' }))
    expect(await screen.findByRole('heading', { name: 'Carteira' })).toBeInTheDocument()
    expect(screen.queryByText('Relatório enviado para validação.')).not.toBeInTheDocument()
  })

  it('goes away by itself after SNACKBAR_MS on a screen that stays open', async () => {
    expect(SNACKBAR_MS).toBe(2500)
    vi.useFakeTimers()
    renderScreens()
    act(() => screen.getByRole('button', { name: 'Salvar cupom' }).click())
    expect(messageLine()).toHaveTextContent('Cupom salvo no relatório.')
    act(() => vi.advanceTimersByTime(2499))
    expect(messageLine()).toHaveTextContent('Cupom salvo no relatório.')
    act(() => vi.advanceTimersByTime(1))
    expect(messageLine()).toBeEmptyDOMElement()
  })

  it('takes the bar’s place while it shows, and gives it back when it goes or is tapped', async () => {
    const user = userEvent.setup()
    renderScreens()
    expect(screen.getByRole('navigation', { name: 'Barra' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    expect(messageLine()).toHaveTextContent('Cupom salvo no relatório.')
    expect(screen.queryByRole('navigation', { name: 'Barra' })).not.toBeInTheDocument()
    // A tap on the message puts it away at once.
    await user.click(screen.getByText('Cupom salvo no relatório.'))
    expect(messageLine()).toBeEmptyDOMElement()
    expect(screen.getByRole('navigation', { name: 'Barra' })).toBeInTheDocument()
    // Leaving the screen gives it back too.
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    expect(screen.queryByRole('navigation', { name: 'Barra' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Carteira' }))
    expect(await screen.findByRole('heading', { name: 'Carteira' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Barra' })).toBeInTheDocument()
  })
})
