import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

type FakeStatus = { state: PermissionState; listeners: Set<() => void> }

/** A browser with the Permissions API, geolocation and getUserMedia, under test control. */
function fakeBrowser(states: Record<'geolocation' | 'camera' | 'microphone', PermissionState>) {
  const statuses = new Map<string, FakeStatus>()
  const statusOf = (name: string) => {
    let status = statuses.get(name)
    if (!status) {
      status = { state: states[name as keyof typeof states], listeners: new Set() }
      statuses.set(name, status)
    }
    return status
  }
  const permissions = {
    query: vi.fn(async ({ name }: { name: string }) => {
      const status = statusOf(name)
      return {
        get state() {
          return status.state
        },
        addEventListener: (_: string, listener: () => void) => status.listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => status.listeners.delete(listener),
      }
    }),
  }
  const grant = (name: string) => {
    const status = statusOf(name)
    status.state = 'granted'
    status.listeners.forEach((l) => l())
  }
  const stop = vi.fn()
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    grant(constraints.video ? 'camera' : 'microphone')
    return { getTracks: () => [{ stop }] }
  })
  const getCurrentPosition = vi.fn((success: PositionCallback) => {
    grant('geolocation')
    success({
      coords: { latitude: -23.56, longitude: -46.65, accuracy: 12 },
    } as GeolocationPosition)
  })
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: permissions })
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  })
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  return { permissions, getUserMedia, getCurrentPosition, stop }
}

afterEach(() => {
  for (const key of ['permissions', 'geolocation', 'mediaDevices'])
    Reflect.deleteProperty(navigator, key)
})

async function openPage() {
  const rendered = await renderRoute('/tasks/permissions')
  await screen.findByRole('heading', { level: 1, name: 'Verificar o aparelho' })
  return rendered
}

function capability(name: string) {
  return screen.getByRole('region', { name })
}

describe('Verificar o aparelho', () => {
  it('shows the state of location, camera and microphone, in pt-BR', async () => {
    fakeBrowser({ geolocation: 'granted', camera: 'prompt', microphone: 'denied' })
    await openPage()
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verificar o aparelho' }),
    ).toBeInTheDocument()
    expect(await within(capability('Localização')).findByText('Permitido')).toBeInTheDocument()
    expect(await within(capability('Câmera')).findByText('Ainda não permitido')).toBeInTheDocument()
    expect(await within(capability('Microfone')).findByText('Bloqueado')).toBeInTheDocument()
    expect(within(capability('Localização')).queryByRole('button')).not.toBeInTheDocument()
    expect(
      within(capability('Câmera')).getByRole('button', { name: 'Permitir câmera' }),
    ).toBeInTheDocument()
  })

  it('explains how to allow in Android Chrome what was denied, and checks again', async () => {
    const browser = fakeBrowser({ geolocation: 'granted', camera: 'granted', microphone: 'denied' })
    const { user } = await openPage()
    const microphone = capability('Microfone')
    expect(
      await within(microphone).findByText('Como permitir no Chrome do Android'),
    ).toBeInTheDocument()
    expect(within(microphone).getByText('Em “Microfone”, escolha “Permitir”.')).toBeInTheDocument()
    expect(
      within(microphone).getByText(/Configurações do Android › Apps › Chrome › Permissões/),
    ).toBeInTheDocument()
    const calls = browser.permissions.query.mock.calls.length
    await user.click(
      within(microphone).getByRole('button', { name: 'Verificar microfone de novo' }),
    )
    expect(browser.permissions.query.mock.calls.length).toBeGreaterThan(calls)
  })

  it('asks for the camera and releases it right away', async () => {
    const browser = fakeBrowser({ geolocation: 'granted', camera: 'prompt', microphone: 'granted' })
    const { user } = await openPage()
    const camera = capability('Câmera')
    await user.click(await within(camera).findByRole('button', { name: 'Permitir câmera' }))
    expect(browser.getUserMedia).toHaveBeenCalledWith({ video: true })
    expect(browser.stop).toHaveBeenCalled()
    expect(await within(camera).findByText('Permitido')).toBeInTheDocument()
    expect(
      await screen.findByText(
        'Tudo pronto: o aparelho tem as permissões necessárias para a visita.',
      ),
    ).toBeInTheDocument()
  })

  it('asks for the location and the microphone', async () => {
    const browser = fakeBrowser({ geolocation: 'prompt', camera: 'granted', microphone: 'prompt' })
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    expect(browser.getCurrentPosition).toHaveBeenCalled()
    expect(await within(capability('Localização')).findByText('Permitido')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Permitir microfone' }))
    expect(browser.getUserMedia).toHaveBeenCalledWith({ audio: true })
    expect(await within(capability('Microfone')).findByText('Permitido')).toBeInTheDocument()
  })

  it('says when the camera is in use by another app', async () => {
    const browser = fakeBrowser({ geolocation: 'granted', camera: 'prompt', microphone: 'granted' })
    browser.getUserMedia.mockRejectedValueOnce(new DOMException('busy', 'NotReadableError'))
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Permitir câmera' }))
    expect(
      await within(capability('Câmera')).findByText(
        'Está em uso por outro aplicativo. Feche o outro aplicativo e tente de novo.',
      ),
    ).toBeInTheDocument()
  })

  it('turns a refusal into the denied state with instructions', async () => {
    const browser = fakeBrowser({ geolocation: 'prompt', camera: 'granted', microphone: 'granted' })
    browser.getCurrentPosition.mockImplementationOnce(
      (_: PositionCallback, failure?: PositionErrorCallback | null) =>
        failure?.({
          code: 1,
          message: 'denied',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        } as GeolocationPositionError),
    )
    const { user } = await openPage()
    await user.click(await screen.findByRole('button', { name: 'Permitir localização' }))
    const location = capability('Localização')
    expect(await within(location).findByText('Bloqueado')).toBeInTheDocument()
    expect(within(location).getByText('Em “Local”, escolha “Permitir”.')).toBeInTheDocument()
  })

  it('copes with a browser that offers none of them', async () => {
    await openPage()
    expect(
      await screen.findByText(/^Este navegador não oferece acesso à localização/),
    ).toBeInTheDocument()
    expect(screen.getByText(/^Este navegador não oferece acesso à câmera/)).toBeInTheDocument()
    expect(screen.getByText(/^Este navegador não oferece acesso ao microfone/)).toBeInTheDocument()
    expect(screen.getAllByText('Indisponível')).toHaveLength(3)
    expect(screen.queryByRole('button', { name: /^Permitir/ })).not.toBeInTheDocument()
  })

  it('still lets the agent try when the browser cannot tell the state', async () => {
    const browser = fakeBrowser({ geolocation: 'prompt', camera: 'prompt', microphone: 'prompt' })
    Reflect.deleteProperty(navigator, 'permissions')
    const { user } = await openPage()
    const camera = capability('Câmera')
    expect(await within(camera).findByText('Não verificado')).toBeInTheDocument()
    await user.click(within(camera).getByRole('button', { name: 'Permitir câmera' }))
    expect(browser.getUserMedia).toHaveBeenCalled()
    expect(await within(camera).findByText('Permitido')).toBeInTheDocument()
  })
})
