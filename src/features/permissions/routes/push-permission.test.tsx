/** /permissions/notifications on a browser with Web Push: allowing also subscribes this phone. */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { fakePushBrowser, restorePushBrowser } from '@/test/push-kit'
import { SUBSCRIBE_TIMEOUT_MS } from '@/lib/push'

afterEach(async () => {
  vi.useRealTimers()
  await restorePushBrowser()
})

const devices = () =>
  fakeBackend.db.pushSubscriptions.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))

describe('Permissão de notificações, com push', () => {
  it('after "Permitir", registers this phone with the server and says it is on', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'granted' })
    const { user } = await renderRoute('/permissions/notifications')
    await user.click(await screen.findByRole('button', { name: 'Permitir notificações' }))
    expect(await screen.findByText('Notificações ativadas')).toBeInTheDocument()
    expect(devices().map((d) => d.endpoint)).toEqual([browser.subscription!.endpoint])
    expect(devices()[0]!.deviceLabel).toMatch(/ no /)
  })

  it('already allowed but not subscribed: offers to receive them on this phone', async () => {
    const browser = fakePushBrowser({ permission: 'granted' })
    const { user } = await renderRoute('/permissions/notifications')
    expect(
      await screen.findByText(/A permissão já está dada, mas este aparelho ainda não recebe/),
    ).toBeInTheDocument()
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Receber avisos neste aparelho' }))
    expect(
      await screen.findByText('Esta permissão já está ativada neste aparelho.'),
    ).toBeInTheDocument()
    expect(devices()).toHaveLength(1)
  })

  it('when the browser never answers, gives up with a pt-BR message and a retry', async () => {
    fakePushBrowser({ permission: 'granted', subscribe: 'hang' })
    const { user } = await renderRoute('/permissions/notifications')
    const turnOn = await screen.findByRole('button', { name: 'Receber avisos neste aparelho' })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.click(turnOn)
    expect(await screen.findByText('Ativando os avisos neste aparelho…')).toBeInTheDocument()
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS + 100)
    expect(
      await screen.findByText(/A permissão foi dada, mas este aparelho ainda não recebe/),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/não conseguiu falar com o serviço de notificações/),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument()
    await waitFor(() => expect(devices()).toEqual([]))
  })
})
