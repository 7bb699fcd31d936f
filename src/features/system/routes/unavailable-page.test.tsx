import { act, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, failApi, fakeServer, renderRoute } from '@/test/render-route'

afterEach(() => vi.useRealTimers())

describe('Serviço indisponível', () => {
  it('says the service is down, counts down, and returns to where the agent was once "Tentar agora" finds it up', async () => {
    failApi('get', '/health', 503)
    const { user, router } = await renderRoute('/unavailable?from=%2Ftasks%3Fx%3D1')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Serviço indisponível' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('O serviço ainda não respondeu.')).toBeInTheDocument()
    expect(screen.getByText(/^Nova tentativa em 1[45] segundos$/)).toBeInTheDocument()

    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar agora' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'))
    expect(router.state.location.search).toBe('?x=1')
  })

  it('tries again by itself every 15 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] })
    let calls = 0
    fakeServer.use(
      http.get(`${API}/health`, () => {
        calls++
        return calls < 2
          ? HttpResponse.json(
              { type: 'about:blank', title: 'Manutenção', status: 503, code: 'maintenance' },
              { status: 503 },
            )
          : HttpResponse.json({ status: 'ok', version: '1.0.0', time: new Date().toISOString() })
      }),
    )
    const { router } = await renderRoute('/unavailable', { signedIn: false })
    expect(await screen.findByText('Estamos em manutenção')).toBeInTheDocument()
    expect(calls).toBe(1)
    await act(async () => {
      vi.advanceTimersByTime(10_000)
    })
    expect(screen.getByText('Nova tentativa em 5 segundos')).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(5_000)
    })
    await waitFor(() => expect(calls).toBe(2))
    // Signed out, "/" leads to sign-in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('never follows ?from= to another site', async () => {
    const { router } = await renderRoute('/unavailable?from=%2F%2Fevil.example')
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
  })
})
