/**
 * POST /media through XMLHttpRequest against the fake backend: the same answers and errors
 * as the typed client, plus upload progress.
 */
import 'fake-indexeddb/auto'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isApiError, type ApiError } from '@/api/api-error'
import { isOnline } from '@/lib/connectivity'
import { saveSession } from '@/lib/session'
import { API, failApi, fakeBackend, fakeServer } from '@/test/render-route'
import { demoSession, installNodeBlobs, prepareDevice, seededTask } from '@/test/media-kit'
import { startTestSync, stopTestSync } from '@/test/visit-kit'
import { closeVisitDbs } from './db'
import { addMedia, ensureDraft } from './store'
import { uploadWithProgress } from './upload'

installNodeBlobs()

beforeEach(async () => {
  await prepareDevice()
})

function photoFields(taskId: string, bytes = 200_000) {
  return {
    file: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    fileName: 'foto.jpg',
    kind: 'photo' as const,
    taskId,
    takenAt: '2024-05-03T12:00:00.000Z',
    width: 1920,
    height: 1440,
    caption: 'Fachada',
  }
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(isApiError(error)).toBe(true)
    return error as ApiError
  }
  throw new Error('expected a failure')
}

describe('uploadWithProgress', () => {
  it('uploads the photo with its fields, reports progress and resolves with the evidence', async () => {
    const { task } = seededTask('visited')
    const progress: number[] = []
    const evidence = await uploadWithProgress(photoFields(task.id), 'key-1', (p) =>
      progress.push(p),
    )
    expect(evidence).toMatchObject({
      kind: 'photo',
      bytes: 200_000,
      width: 1920,
      height: 1440,
      caption: 'Fachada',
      mimeType: 'image/jpeg',
    })
    const report = fakeBackend.db.reports.findFirst((q) => q.where({ id: task.reportId }))!
    expect(report.evidences.map((e) => e.id)).toContain(evidence.id)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toBe(1)
    expect([...progress].sort((a, b) => a - b)).toEqual(progress)
  })

  it('sends the Idempotency-Key: the same key twice stores the photo once', async () => {
    const { task } = seededTask('visited')
    const first = await uploadWithProgress(photoFields(task.id), 'same-key')
    const again = await uploadWithProgress(photoFields(task.id), 'same-key')
    expect(again.id).toBe(first.id)
    const report = fakeBackend.db.reports.findFirst((q) => q.where({ id: task.reportId }))!
    expect(report.evidences.filter((e) => e.id === first.id)).toHaveLength(1)
  })

  it('a refusal comes back as the server problem, in pt-BR, not transient', async () => {
    const { task } = seededTask('started', (t) => !t.steps.checkin)
    const error = await failure(uploadWithProgress(photoFields(task.id), 'key-2'))
    expect(error.code).toBe('validation_failed')
    expect(error.status).toBe(422)
    expect(error.fieldErrors.taskId).toBe('Faça o check-in antes de enviar fotos ou áudios.')
    expect(error.isTransient).toBe(false)
  })

  it('a file the server does not take: 415 with its message', async () => {
    const { task } = seededTask('visited')
    const fields = { ...photoFields(task.id), file: new Blob(['GIF89a'], { type: 'image/gif' }) }
    const error = await failure(uploadWithProgress(fields, 'key-3'))
    expect(error.code).toBe('unsupported_media_type')
    expect(error.message).toMatch(/formato de imagem não é aceito/)
  })

  it('no connection: an "offline" error the outbox retries', async () => {
    const { task } = seededTask('visited')
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    const error = await failure(uploadWithProgress(photoFields(task.id), 'key-4'))
    expect(error.code).toBe('offline')
    expect(error.message).toBe('Sem conexão. Verifique a internet e tente de novo.')
    expect(error.isTransient).toBe(true)
    expect(isOnline()).toBe(false)
  })

  it('a transfer cut while the server answers: retried later, and the app stays online', async () => {
    const { task } = seededTask('visited')
    fakeServer.use(http.post(`${API}/media`, () => HttpResponse.error()))
    const error = await failure(uploadWithProgress(photoFields(task.id), 'key-4b'))
    expect(error.code).toBe('transfer_interrupted')
    expect(error.message).toBe('A conexão caiu no meio do envio. Tentando de novo em instantes.')
    expect(error.isTransient).toBe(true)
    expect(isOnline()).toBe(true)
  })

  it('a server failure is transient too', async () => {
    const { task } = seededTask('visited')
    failApi('post', '/media', 503)
    const error = await failure(uploadWithProgress(photoFields(task.id), 'key-5'))
    expect(error.status).toBe(503)
    expect(error.isTransient).toBe(true)
  })

  it('an expired session is session_expired', async () => {
    const { task } = seededTask('visited')
    saveSession({ token: 'expired-token', agentId: 'someone', expiresAt: '2099-01-01T00:00:00Z' })
    const error = await failure(uploadWithProgress(photoFields(task.id), 'key-6'))
    expect(error.code).toBe('session_expired')
    expect(error.status).toBe(401)
  })

  it('can be cancelled', async () => {
    const { task } = seededTask('visited')
    const controller = new AbortController()
    controller.abort()
    await expect(
      uploadWithProgress(photoFields(task.id), 'key-7', vi.fn(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('the sync loop stopped while a photo is uploading (sign-out, another agent)', () => {
  it('cancels the upload: no answer or progress is written into the closed database', async () => {
    const { task, report } = seededTask('visited')
    await ensureDraft(report)
    let arrived!: () => void
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
    let answer!: (response: Response) => void
    fakeServer.use(
      http.post(`${API}/media`, () => {
        arrived()
        return new Promise<Response>((resolve) => (answer = resolve))
      }),
    )
    const unhandled: unknown[] = []
    const record = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', record)
    try {
      await startTestSync(demoSession().agentId)
      await addMedia(report.id, {
        taskId: task.id,
        kind: 'photo',
        blob: new Blob([new Uint8Array(50_000)], { type: 'image/jpeg' }),
        fileName: 'foto.jpg',
        mimeType: 'image/jpeg',
        takenAt: new Date().toISOString(),
      })
      await requestArrived
      stopTestSync()
      await closeVisitDbs()
      // The server answers after all: nobody may try to record it in the closed database.
      answer(HttpResponse.json({ id: 'late-evidence', kind: 'photo' }, { status: 201 }))
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', record)
      stopTestSync()
    }
  })
})

describe('uploadWithProgress where there is no XMLHttpRequest (the service worker)', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', undefined)
    return () => vi.unstubAllGlobals()
  })

  it('sends the same request through fetch, once per key', async () => {
    const { task } = seededTask('visited')
    const evidence = await uploadWithProgress(photoFields(task.id), 'key-fetch-1')
    const again = await uploadWithProgress(photoFields(task.id), 'key-fetch-1')
    expect(again.id).toBe(evidence.id)
    expect(evidence).toMatchObject({ kind: 'photo', bytes: 200_000, caption: 'Fachada' })
    const report = fakeBackend.db.reports.findFirst((q) => q.where({ id: task.reportId }))!
    expect(report.evidences.filter((e) => e.id === evidence.id)).toHaveLength(1)
  })

  it('answers with the same errors: refusal, offline, server failure, expired session', async () => {
    const { task } = seededTask('visited')
    const refused = await failure(
      uploadWithProgress({ ...photoFields(task.id), taskId: 'tsk_nao_existe' }, 'key-fetch-2'),
    )
    expect(refused.isTransient).toBe(false)
    expect(refused.status).toBeGreaterThanOrEqual(400)

    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    const offline = await failure(uploadWithProgress(photoFields(task.id), 'key-fetch-3'))
    expect(offline).toMatchObject({ code: 'offline', isTransient: true })

    fakeServer.resetHandlers()
    fakeServer.use(http.post(`${API}/media`, () => HttpResponse.error()))
    const cut = await failure(uploadWithProgress(photoFields(task.id), 'key-fetch-3b'))
    expect(cut).toMatchObject({ code: 'transfer_interrupted', isTransient: true })

    fakeServer.resetHandlers()
    failApi('post', '/media', 503)
    const down = await failure(uploadWithProgress(photoFields(task.id), 'key-fetch-4'))
    expect(down).toMatchObject({ status: 503, isTransient: true })

    fakeServer.resetHandlers()
    saveSession({ token: 'expired-token', agentId: 'someone', expiresAt: '2099-01-01T00:00:00Z' })
    const expired = await failure(uploadWithProgress(photoFields(task.id), 'key-fetch-5'))
    expect(expired).toMatchObject({ code: 'session_expired', status: 401 })
  })
})
