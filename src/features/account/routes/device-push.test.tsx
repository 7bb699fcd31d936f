/** The account screen's switch: does this phone receive the agent's notifications? */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { fakePushBrowser, restorePushBrowser } from '@/test/push-kit'
import { refreshDeviceSubscription, subscribeDevice } from '@/lib/push'

afterEach(() => restorePushBrowser())

const devices = () =>
  fakeBackend.db.pushSubscriptions.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))

describe('Conta › Notificações neste aparelho', () => {
  it('turns on: asks the browser, subscribes with the server key and registers the phone', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'granted' })
    const { user } = await renderRoute('/account')
    const toggle = await screen.findByRole('switch', { name: /Notificações neste aparelho/ })
    await waitFor(() => expect(toggle).toBeEnabled())
    expect(toggle).not.toBeChecked()
    expect(screen.getByText(/Desligadas: você só vê os avisos/)).toBeInTheDocument()

    await user.click(toggle)
    await waitFor(() => expect(toggle).toBeChecked())
    expect(browser.requestPermission).toHaveBeenCalledOnce()
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith(
      expect.objectContaining({ userVisibleOnly: true }),
    )
    expect(devices().map((d) => d.endpoint)).toEqual([browser.subscription!.endpoint])
    expect(screen.getByText(/mesmo com o app fechado/)).toBeInTheDocument()
    expect(await screen.findByText('Este aparelho vai receber os avisos.')).toBeInTheDocument()
  })

  it('turns off on both sides: the server forgets the phone and the browser drops it', async () => {
    const browser = fakePushBrowser({ permission: 'granted' })
    const { user } = await renderRoute('/account')
    const toggle = await screen.findByRole('switch', { name: /Notificações neste aparelho/ })
    await waitFor(() => expect(toggle).toBeEnabled())
    await user.click(toggle)
    await waitFor(() => expect(toggle).toBeChecked())
    const endpoint = browser.subscription!.endpoint

    await user.click(toggle)
    await waitFor(() => expect(toggle).not.toBeChecked())
    expect(devices()).toEqual([])
    expect(browser.unsubscribed).toEqual([endpoint])
  })

  it('says so, in pt-BR, when the browser cannot reach its push service', async () => {
    fakePushBrowser({ permission: 'granted', subscribe: 'error' })
    const { user } = await renderRoute('/account')
    const toggle = await screen.findByRole('switch', { name: /Notificações neste aparelho/ })
    await waitFor(() => expect(toggle).toBeEnabled())
    await user.click(toggle)
    expect(
      await screen.findByText(/não conseguiu falar com o serviço de notificações/),
    ).toBeInTheDocument()
    expect(toggle).not.toBeChecked()
    expect(devices()).toEqual([])
  })

  it('when notifications are blocked, says how to allow them', async () => {
    fakePushBrowser({ permission: 'denied' })
    await renderRoute('/account')
    expect(
      await screen.findByText('As notificações estão bloqueadas neste navegador'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: /Notificações neste aparelho/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Ver como liberar' })).toHaveAttribute(
      'href',
      '/permissions/notifications?next=%2Faccount',
    )
  })

  it('on an iPhone outside the installed app, says to add it to the Home Screen', async () => {
    fakePushBrowser({
      noPush: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    })
    await renderRoute('/account')
    expect(await screen.findByText(/Adicionar à Tela de Início/)).toBeInTheDocument()
    expect(screen.queryByRole('switch', { name: /Notificações neste aparelho/ })).toBeNull()
  })
})

describe('a subscription the browser renewed while the app was closed', () => {
  it('is registered again at start, and the old one removed from the server', async () => {
    const browser = fakePushBrowser({ permission: 'granted' })
    await renderRoute('/account')
    await subscribeDevice(browser.registration)
    const old = browser.subscription!.endpoint
    const renewed = browser.rotate().endpoint
    expect(renewed).not.toBe(old)

    await refreshDeviceSubscription(browser.registration)
    expect(devices().map((d) => d.endpoint)).toEqual([renewed])
    // Nothing to do when they agree.
    await refreshDeviceSubscription(browser.registration)
    expect(devices().map((d) => d.endpoint)).toEqual([renewed])
  })
})
