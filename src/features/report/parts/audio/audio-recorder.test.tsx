import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeBackend } from '@/test/render-route'
import { observeServerDate, resetClockForTests } from '@/lib/clock'
import { storageKey } from '@/lib/storage-keys'
import { AudioRecorder } from './audio-recorder'
import {
  deviceDb,
  fakeMediaDevices,
  fakeStream,
  installNodeBlobs,
  prepareDevice,
  removeMediaDevices,
  renderMedia,
  seededTask,
} from '@/test/media-kit'

installNodeBlobs()

/** MediaRecorder stand-in: records "bytes" once per start/stop. */
class FakeMediaRecorder {
  static supported = new Set(['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'])
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.has(type)
  static instances: FakeMediaRecorder[] = []
  state: RecordingState = 'inactive'
  mimeType: string
  options: MediaRecorderOptions | undefined
  ondataavailable: ((event: { data: Blob }) => void) | null = null
  onstop: (() => void) | null = null
  onerror: (() => void) | null = null
  constructor(
    public stream: MediaStream,
    options?: MediaRecorderOptions,
  ) {
    this.options = options
    this.mimeType = options?.mimeType ?? 'audio/webm'
    FakeMediaRecorder.instances.push(this)
  }
  start() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    this.ondataavailable?.({ data: new Blob([new Uint8Array(4000)], { type: this.mimeType }) })
    this.onstop?.()
  }
}

/** AudioContext stand-in whose analyser hears a steady tone. */
class FakeAudioContext {
  static closed = 0
  createMediaStreamSource() {
    return { connect: vi.fn(), disconnect: vi.fn() }
  }
  createAnalyser() {
    return {
      fftSize: 1024,
      getByteTimeDomainData(samples: Uint8Array) {
        samples.forEach((_, i) => (samples[i] = i % 2 === 0 ? 178 : 78))
      },
    }
  }
  close() {
    FakeAudioContext.closed++
    return Promise.resolve()
  }
}

beforeEach(async () => {
  FakeMediaRecorder.instances = []
  FakeMediaRecorder.supported = new Set(['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'])
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
  vi.stubGlobal('AudioContext', FakeAudioContext)
  await prepareDevice()
})

afterEach(() => {
  removeMediaDevices()
  vi.useRealTimers()
  resetClockForTests()
  localStorage.removeItem(storageKey.clockOffset())
})

const DAY = 86_400_000

async function renderRecorder(options: { sync?: boolean } = {}) {
  const { task, report } = seededTask('visited')
  const utils = await renderMedia(
    <AudioRecorder
      reportId={report.id}
      taskId={task.id}
      testimonyPath="/tasks/x/report/testimony"
    />,
    { report, sync: options.sync ?? false },
  )
  return { ...utils, task, report }
}

describe('AudioRecorder', () => {
  it('records with a level meter and the elapsed time, plays it back, and attaches it to the report', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] })
    const { stream, track } = fakeStream('audio')
    const getUserMedia = fakeMediaDevices(stream)
    const { user, task, report } = await renderRecorder({ sync: true })

    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    expect(await screen.findByRole('button', { name: 'Parar' })).toBeInTheDocument()
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ audio: expect.any(Object) }),
    )
    expect(FakeMediaRecorder.instances[0]!.options?.mimeType).toBe('audio/webm;codecs=opus')
    expect(screen.getByText('A gravação só fica guardada depois de anexar.')).toBeInTheDocument()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_100)
    })
    expect(screen.getByRole('timer', { name: 'Tempo de gravação' })).toHaveTextContent('00:03')
    const meter = screen.getByRole('meter', { name: 'Nível do som' })
    expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50)
    expect(meter).toHaveAttribute('aria-valuemin', '0')
    expect(meter).toHaveAttribute('aria-valuemax', '100')

    await user.click(screen.getByRole('button', { name: 'Parar' }))
    expect(track.stop).toHaveBeenCalled()
    const player = await screen.findByLabelText('Ouvir a gravação', { selector: 'audio' })
    expect(player).toHaveAttribute('src', expect.stringMatching(/^blob:/))
    expect(screen.getByText('A gravação só fica guardada depois de anexar.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Anexar' }))
    expect(await screen.findByText('Áudio anexado ao relatório.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Gravar áudio' })).toBeInTheDocument()
    const db = await deviceDb()
    const [media] = await db.getAllFromIndex('media', 'byTask', task.id)
    expect(media).toMatchObject({
      kind: 'audio',
      durationSecs: 3,
      mimeType: 'audio/webm;codecs=opus',
      bytes: 4000,
    })
    expect(media!.fileName).toMatch(/^audio-.*\.webm$/)
    expect((await db.get('drafts', report.id))!.evidenceRefs.at(-1)).toMatchObject({
      mediaId: media!.id,
    })
    // The sync loop uploads it.
    await waitFor(() => {
      const server = fakeBackend.db.reports.findFirst((q) => q.where({ id: report.id }))!
      expect(server.evidences.at(-1)).toMatchObject({ kind: 'audio', durationSecs: 3, bytes: 4000 })
    })
  })

  it("dates a recording with the server's time when the phone's clock is a day ahead", async () => {
    const phone = Date.now()
    observeServerDate(new Date(phone - DAY).toUTCString(), phone)
    fakeMediaDevices(fakeStream('audio').stream)
    const { user, task } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await user.click(await screen.findByRole('button', { name: 'Parar' }))
    await user.click(await screen.findByRole('button', { name: 'Anexar' }))
    expect(await screen.findByText('Áudio anexado ao relatório.')).toBeInTheDocument()
    const [media] = await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)
    // Within a minute of the server's time, a day from the phone's.
    expect(Math.abs(Date.parse(media!.takenAt) - (phone - DAY))).toBeLessThan(60_000)
  })

  it('"Gravar de novo" throws the take away and records again; nothing is kept', async () => {
    fakeMediaDevices(() => Promise.resolve(fakeStream('audio').stream))
    const { user, task } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await user.click(await screen.findByRole('button', { name: 'Parar' }))
    await user.click(await screen.findByRole('button', { name: 'Gravar de novo' }))
    expect(await screen.findByRole('button', { name: 'Parar' })).toBeInTheDocument()
    expect(FakeMediaRecorder.instances).toHaveLength(2)
    expect(URL.revokeObjectURL).toHaveBeenCalled()
    expect(await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)).toEqual([])
  })

  it('asks before the tab closes with an unattached recording', async () => {
    fakeMediaDevices(fakeStream('audio').stream)
    const { user } = await renderRecorder()
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true })
      window.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(leave()).toBe(false)
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await screen.findByRole('button', { name: 'Parar' })
    expect(leave()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Parar' }))
    await screen.findByRole('button', { name: 'Anexar' })
    expect(leave()).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Anexar' }))
    await screen.findByRole('button', { name: 'Gravar áudio' })
    expect(leave()).toBe(false)
  })

  it('records MP4 where WebM is not recorded (Safari)', async () => {
    FakeMediaRecorder.supported = new Set(['audio/mp4'])
    fakeMediaDevices(fakeStream('audio').stream)
    const { user, task } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await user.click(await screen.findByRole('button', { name: 'Parar' }))
    await user.click(await screen.findByRole('button', { name: 'Anexar' }))
    await screen.findByText('Áudio anexado ao relatório.')
    const [media] = await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)
    expect(media).toMatchObject({ mimeType: 'audio/mp4' })
    expect(media!.fileName).toMatch(/\.m4a$/)
  })

  it('stops the microphone and keeps nothing when it goes away mid-recording', async () => {
    const { stream, track } = fakeStream('audio')
    fakeMediaDevices(stream)
    const { user, unmount, task } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await screen.findByRole('button', { name: 'Parar' })
    const closedBefore = FakeAudioContext.closed
    unmount()
    expect(track.stop).toHaveBeenCalled()
    expect(FakeAudioContext.closed).toBe(closedBefore + 1)
    expect(await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)).toEqual([])
  })

  it('microphone denied: its own message, the permissions help and the written testimony', async () => {
    fakeMediaDevices('NotAllowedError')
    const { user, router } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('O microfone está bloqueado para o Avaliador.')
    expect(alert).toHaveTextContent('Se não for possível gravar, escreva o depoimento.')
    expect(screen.getByRole('link', { name: 'Escrever o depoimento' })).toHaveAttribute(
      'href',
      '/tasks/x/report/testimony',
    )
    await user.click(screen.getByRole('link', { name: 'Como liberar o microfone' }))
    expect(router.state.location.pathname).toBe('/tasks/permissions')
  })

  it.each([
    ['NotFoundError', 'Não encontramos um microfone neste aparelho.'],
    [
      'NotReadableError',
      'O microfone está sendo usado por outro aplicativo. Feche-o e tente de novo.',
    ],
  ])('%s: %s', async (name, message) => {
    fakeMediaDevices(name)
    const { user } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(message)
    expect(alert).toHaveTextContent('Se não for possível gravar, escreva o depoimento.')
  })

  it('microphone in use: "Tentar de novo" records once it is free', async () => {
    const getUserMedia = fakeMediaDevices('NotReadableError')
    const { user } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    await screen.findByRole('alert')
    getUserMedia.mockResolvedValueOnce(fakeStream('audio').stream)
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('button', { name: 'Parar' })).toBeInTheDocument()
  })

  it('no MediaRecorder or no microphone API: unsupported, with the testimony suggested', async () => {
    vi.stubGlobal('MediaRecorder', undefined)
    fakeMediaDevices(fakeStream('audio').stream)
    const { user, unmount } = await renderRecorder()
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este navegador não grava áudio.')
    unmount()
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
    removeMediaDevices()
    const again = await renderRecorder()
    await again.user.click(screen.getByRole('button', { name: 'Gravar áudio' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Este navegador não grava áudio.')
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument()
  })
})
