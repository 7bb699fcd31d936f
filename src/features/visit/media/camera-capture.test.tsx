import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CameraCapture } from './camera-capture'
import { mediaCopy } from '@/lib/device-media/media-copy'
import {
  fakeMediaDevices,
  fakeStream,
  photoFile,
  removeMediaDevices,
  renderMedia,
} from '@/test/media-kit'

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined)
})

afterEach(() => {
  removeMediaDevices()
  vi.restoreAllMocks()
})

async function renderCamera(onPhoto = vi.fn()) {
  const utils = await renderMedia(<CameraCapture onPhoto={onPhoto} multiple />, { sync: false })
  return { ...utils, onPhoto }
}

/** The way out that is always there, whatever the camera did. */
function expectFileFallbacks() {
  expect(screen.getByRole('button', { name: 'Usar a câmera do aparelho' })).toBeEnabled()
  expect(screen.getByRole('button', { name: 'Escolher da galeria' })).toBeEnabled()
  const device = screen.getByLabelText('Foto da câmera do aparelho')
  expect(device).toHaveAttribute('type', 'file')
  expect(device).toHaveAttribute('accept', 'image/*')
  expect(device).toHaveAttribute('capture', 'environment')
}

describe('CameraCapture', () => {
  it('opens the rear camera in the page and hands a JPEG to onPhoto on "Tirar foto"', async () => {
    const { stream } = fakeStream()
    const getUserMedia = fakeMediaDevices(stream)
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(1280)
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(960)
    const drawImage = vi.fn()
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
    } as unknown as CanvasRenderingContext2D)
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      done,
      type,
    ) {
      done(new Blob([new Uint8Array(this.width)], { type: type ?? 'image/png' }))
    })
    const { user, onPhoto } = await renderCamera()

    expect(screen.getByText('Abrindo a câmera…')).toHaveAttribute('role', 'status')
    const video = await screen.findByLabelText('Imagem da câmera')
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({
        video: expect.objectContaining({ facingMode: 'environment' }),
        audio: false,
      }),
    )
    // The stream is attached in an effect after the video mounts: wait for it.
    await waitFor(() => expect((video as HTMLVideoElement).srcObject).toBe(stream))
    await user.click(screen.getByRole('button', { name: 'Tirar foto' }))
    await waitFor(() => expect(onPhoto).toHaveBeenCalledTimes(1))
    const file = onPhoto.mock.calls[0]![0] as File
    expect(file.type).toBe('image/jpeg')
    expect(file.name).toMatch(/^foto-.*\.jpg$/)
    expect(file.size).toBe(1280)
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 1280, 960)
    expectFileFallbacks()
  })

  it('stops the camera when it goes away', async () => {
    const { stream, track } = fakeStream()
    fakeMediaDevices(stream)
    const { unmount } = await renderCamera()
    await screen.findByLabelText('Imagem da câmera')
    unmount()
    expect(track.stop).toHaveBeenCalled()
  })

  it('releases a camera that answers after the component is gone', async () => {
    const { stream, track } = fakeStream()
    let answer: (s: MediaStream) => void = () => {}
    fakeMediaDevices(() => new Promise((resolve) => (answer = resolve)))
    const { unmount } = await renderCamera()
    unmount()
    answer(stream)
    await waitFor(() => expect(track.stop).toHaveBeenCalled())
  })

  it('permission denied: says how to allow it, links to the device check, and keeps the file inputs', async () => {
    fakeMediaDevices('NotAllowedError')
    const { user, router } = await renderCamera()
    expect(await screen.findByRole('alert')).toHaveTextContent(mediaCopy.camera.problems.denied)
    expect(screen.getByRole('alert')).toHaveTextContent('A câmera está bloqueada para o Avaliador')
    expectFileFallbacks()
    await user.click(screen.getByRole('link', { name: 'Como liberar a câmera' }))
    expect(router.state.location.pathname).toBe('/tasks/permissions')
  })

  it.each(['NotFoundError', 'OverconstrainedError'])(
    '%s: no camera, use the gallery',
    async (name) => {
      fakeMediaDevices(name)
      await renderCamera()
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Não encontramos uma câmera neste aparelho. Escolha uma foto da galeria.',
      )
      expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument()
      expectFileFallbacks()
    },
  )

  it.each(['NotReadableError', 'AbortError'])(
    '%s: camera in use, and "Tentar de novo" opens it once free',
    async (name) => {
      const { stream } = fakeStream()
      const getUserMedia = fakeMediaDevices(name)
      const { user } = await renderCamera()
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'A câmera está sendo usada por outro aplicativo.',
      )
      expectFileFallbacks()
      getUserMedia.mockResolvedValueOnce(stream)
      await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
      expect(await screen.findByLabelText('Imagem da câmera')).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    },
  )

  it('no camera API in this browser: unsupported, use the device camera or the gallery', async () => {
    removeMediaDevices()
    await renderCamera()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Este navegador não permite usar a câmera aqui.',
    )
    expectFileFallbacks()
  })

  it('every camera problem has a message of its own', async () => {
    const seen = new Set<string>()
    for (const name of ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'SomethingOdd']) {
      fakeMediaDevices(name)
      const { unmount } = await renderCamera()
      seen.add((await screen.findByRole('alert')).textContent ?? '')
      unmount()
    }
    removeMediaDevices()
    await renderCamera()
    seen.add(screen.getByRole('alert').textContent ?? '')
    expect(seen.size).toBe(5)
  })

  it('hands over photos from the gallery and from the device camera', async () => {
    fakeMediaDevices('NotAllowedError')
    const { user, onPhoto } = await renderCamera()
    await screen.findByRole('alert')
    const a = photoFile('a.jpg')
    const b = photoFile('b.png', 10, 'image/png')
    await user.upload(screen.getByLabelText('Foto da galeria'), [a, b])
    const c = photoFile('c.jpg')
    await user.upload(screen.getByLabelText('Foto da câmera do aparelho'), c)
    expect(onPhoto.mock.calls.map(([f]) => (f as File).name)).toEqual(['a.jpg', 'b.png', 'c.jpg'])
  })
})
