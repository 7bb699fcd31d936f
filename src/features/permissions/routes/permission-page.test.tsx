import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-route'
import { documentNavigation } from '@/lib/document-navigation'

function fakeNotification(initial: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer
    return answer
  })
  class FakeNotification {
    static permission: NotificationPermission = initial
    static requestPermission = requestPermission
  }
  vi.stubGlobal('Notification', FakeNotification)
  return requestPermission
}

function fakeGeolocation(result: 'granted' | 1 | 2) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if (result === 'granted')
      ok({
        coords: { latitude: -23.56, longitude: -46.65, accuracy: 10 },
        timestamp: Date.now(),
      } as GeolocationPosition)
    else
      fail({
        code: result,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: '',
      } as GeolocationPositionError)
  })
  Object.defineProperty(navigator, 'geolocation', {
    value: { getCurrentPosition },
    configurable: true,
  })
  return getCurrentPosition
}

/** What the Permissions API says of the location. */
function fakeLocationPermission(state: PermissionState) {
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: () => Promise.resolve({ state }) },
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'geolocation')
  Reflect.deleteProperty(navigator, 'permissions')
})

describe('Permissão de notificações', () => {
  it('explains first, asks only on the button, and continues to ?next=', async () => {
    const request = fakeNotification('default', 'granted')
    const { user, router } = await renderRoute('/permissions/notifications?next=%2Ftasks%2FT-4821')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notificações do sistema' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/novas oportunidades de visita perto de você/)).toBeInTheDocument()
    expect(request).not.toHaveBeenCalled()

    await user.click(await screen.findByRole('button', { name: 'Permitir notificações' }))
    expect(request).toHaveBeenCalledOnce()
    expect(await screen.findByText('Notificações ativadas')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Continuar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/T-4821'))
  })

  it('when refused, says how to enable it in the browser settings', async () => {
    fakeNotification('default', 'denied')
    const { user } = await renderRoute('/permissions/notifications')
    await user.click(await screen.findByRole('button', { name: 'Permitir notificações' }))
    expect(await screen.findByText('As notificações estão bloqueadas')).toBeInTheDocument()
    expect(screen.getByText(/Configurações do site › Notificações › Permitir/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Verificar de novo' })).toBeInTheDocument()
  })

  it('says so when the browser has no notifications', async () => {
    vi.stubGlobal('Notification', undefined)
    Reflect.deleteProperty(window, 'Notification')
    await renderRoute('/permissions/notifications')
    expect(await screen.findByText(/Este navegador não oferece notificações/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/oppy')
  })

  it('never continues to another site', async () => {
    fakeNotification('granted', 'granted')
    await renderRoute('/permissions/notifications?next=%2F%2Fevil.example')
    expect(
      await screen.findByText('Esta permissão já está ativada neste aparelho.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/oppy')
  })
})

describe('Permissão de localização', () => {
  it('asks for the position and continues', async () => {
    const read = fakeGeolocation('granted')
    const { user } = await renderRoute('/permissions/position?next=%2Ftasks%2FT-4821%2Fcheckin')
    expect(await screen.findByText(/confirmar o check-in/)).toBeInTheDocument()
    expect(read).not.toHaveBeenCalled()
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    expect(await screen.findByText('Localização ativada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute(
      'href',
      '/tasks/T-4821/checkin',
    )
  })

  it('when refused, explains how to enable it', async () => {
    fakeGeolocation(1)
    const { user } = await renderRoute('/permissions/position')
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    expect(await screen.findByText('A localização está bloqueada')).toBeInTheDocument()
    expect(screen.getByText(/Serviços de Localização › Sites do Safari/)).toBeInTheDocument()
  })

  it('refused at a prompt the browser would show again: says so, and “Tentar de novo” asks in a new page', async () => {
    fakeGeolocation(1)
    fakeLocationPermission('prompt')
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {})
    const { user } = await renderRoute('/permissions/position?next=%2Ftasks%2FT-4821%2Fcheckin')
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    expect(await screen.findByText('Localização não permitida')).toBeInTheDocument()
    expect(screen.queryByText('A localização está bloqueada')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(assign).toHaveBeenCalledWith(
      '/permissions/position?next=%2Ftasks%2FT-4821%2Fcheckin&localizacao=perguntar',
    )
  })

  it('opened by that “Tentar de novo”: asks at once', async () => {
    const read = fakeGeolocation('granted')
    fakeLocationPermission('prompt')
    await renderRoute('/permissions/position?next=%2Foppy&localizacao=perguntar')
    expect(await screen.findByText('Localização ativada')).toBeInTheDocument()
    expect(read).toHaveBeenCalledOnce()
  })

  it('when no position can be read, suggests turning the GPS on and retrying', async () => {
    const read = fakeGeolocation(2)
    const { user } = await renderRoute('/permissions/position')
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    expect(await screen.findByText(/Ligue o GPS/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(read).toHaveBeenCalledTimes(2)
  })

  it('says so when the browser has no geolocation', async () => {
    await renderRoute('/permissions/position')
    expect(await screen.findByText(/Este navegador não informa a localização/)).toBeInTheDocument()
  })
})
