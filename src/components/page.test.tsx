import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect, useRef } from 'react'
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { Page } from './page'

/** A field that takes focus when it appears, like the chat's answer box. */
function AutoFocusedField({ label }: { label: string }) {
  const inputRef = useRef<HTMLInputElement>(null)
  useEffect(() => inputRef.current?.focus(), [])
  return (
    <label>
      {label}
      <input ref={inputRef} />
    </label>
  )
}

function Search() {
  return (
    <Page title="Busca" backTo="/">
      <AutoFocusedField label="Termo" />
    </Page>
  )
}

function Filters() {
  const [params, setParams] = useSearchParams()
  return (
    <Page title="Filtros">
      <button type="button" onClick={() => setParams({ f: String(Number(params.get('f')) + 1) })}>
        Mais um filtro
      </button>
    </Page>
  )
}

function renderPages() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Page title="Início">
            <Link to="/tarefas">Tarefas</Link>
            <Link to="/busca">Buscar</Link>
            <Link to="/filtros">Filtros</Link>
          </Page>
        ),
      },
      {
        path: '/tarefas',
        element: (
          <Page title="Tarefas" backTo="/">
            <p>Suas tarefas</p>
          </Page>
        ),
      },
      { path: '/busca', element: <Search /> },
      { path: '/filtros', element: <Filters /> },
    ],
    { initialEntries: ['/'] },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

describe('Page', () => {
  it('leaves focus alone on the first screen of a page load', () => {
    renderPages()
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).not.toHaveFocus()
    expect(document.body).toHaveFocus()
  })

  it('moves focus to the new screen’s heading after a navigation, and back again', async () => {
    const { user } = renderPages()
    await user.click(screen.getByRole('link', { name: 'Tarefas' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Tarefas' })).toHaveFocus()
    await user.click(screen.getByRole('link', { name: 'Voltar' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toHaveFocus()
  })

  it('keeps the focus a new screen put somewhere on purpose', async () => {
    const { user } = renderPages()
    await user.click(screen.getByRole('link', { name: 'Buscar' }))
    expect(screen.getByRole('textbox', { name: 'Termo' })).toHaveFocus()
  })

  it('does not move focus when only the query string changes', async () => {
    const { user, router } = renderPages()
    await user.click(screen.getByRole('link', { name: 'Filtros' }))
    const more = screen.getByRole('button', { name: 'Mais um filtro' })
    await user.click(more)
    expect(router.state.location.search).toBe('?f=1')
    expect(more).toHaveFocus()
  })
})
