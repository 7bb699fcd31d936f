import { beforeEach, describe, expect, it } from 'vitest'
import type { Evidence } from '@/api/entities'
import { AUDIO_MAX_BYTES, IMAGE_MAX_BYTES } from '@/domain/constants'
import { imageFileMessages } from '@/domain/image-limits'
import type { FakeApi } from '../testing/fake-api'
import { checkIn, jpegBytes, newApi, storedReport, taskIn, upload } from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

async function checkedInTask() {
  const task = taskIn(api, 'started')
  await checkIn(api, task)
  return task
}

/** Reads a media body (the harness gives it back as text) as bytes, byte for byte. */
async function contentBytes(id: string) {
  const res = await api.call<string>('GET', `/media/${id}/content`)
  return { status: res.status, type: res.headers.get('Content-Type'), headers: res.headers }
}

describe('POST /media', () => {
  it('stores a photo, attaches it to the task report and serves its bytes back', async () => {
    const task = await checkedInTask()
    const bytes = jpegBytes(3000, 42)
    const res = await upload(api, task, { bytes, fields: { caption: 'Fachada' } })
    expect(res.status).toBe(201)
    const evidence = res.body
    expect(evidence).toEqual({
      id: expect.stringMatching(/^evd_/),
      kind: 'photo',
      url: `/api/media/${evidence.id}/content`,
      bytes: 3000,
      mimeType: 'image/jpeg',
      width: 1600,
      height: 1200,
      takenAt: '2026-03-10T14:05:00.000Z',
      caption: 'Fachada',
    })
    expect(storedReport(api, task).evidences).toEqual([evidence])
    // The report's version is unchanged: the client's next save stays current.
    expect(storedReport(api, task).version).toBe(0)

    const stored = api.db.media.findFirst((q) => q.where({ id: evidence.id }))!
    expect(stored.ownerId).toBe('agt_demo')
    expect(Buffer.from(stored.base64, 'base64').equals(Buffer.from(bytes))).toBe(true)
    const content = await contentBytes(evidence.id)
    expect(content.status).toBe(200)
    expect(content.type).toBe('image/jpeg')
    expect(content.headers.get('Content-Length')).toBe('3000')
  })

  it('stores an audio recording with its duration (MIME parameters dropped)', async () => {
    const task = await checkedInTask()
    const res = await upload(api, task, {
      kind: 'audio',
      type: 'audio/webm;codecs=opus',
      bytes: new Uint8Array(5000),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      kind: 'audio',
      mimeType: 'audio/webm',
      durationSecs: 42.5,
      bytes: 5000,
    })
    expect(res.body).not.toHaveProperty('width')
    expect((await contentBytes(res.body.id)).type).toBe('audio/webm')
  })

  it('accepts uploads on a visited or contested task (a new photo for a pendency)', async () => {
    for (const status of ['visited', 'contested'] as const) {
      const res = await upload(api, taskIn(api, status), { kind: 'receipt', type: 'image/png' })
      expect(res.status).toBe(201)
    }
  })

  it.each([
    ['image/gif', 'photo', imageFileMessages['unsupported-image-format']],
    ['application/pdf', 'receipt', imageFileMessages['not-an-image']],
    ['audio/ogg', 'audio', 'Envie um áudio gravado pelo aplicativo (WebM ou MP4).'],
    ['image/jpeg', 'audio', 'Envie um áudio gravado pelo aplicativo (WebM ou MP4).'],
  ] as const)('refuses %s as %s with 415', async (type, kind, detail) => {
    const task = await checkedInTask()
    const res = await upload(api, task, { kind, type })
    expect(res.status).toBe(415)
    expect(res.body).toMatchObject({ code: 'unsupported_media_type', detail })
    expect(storedReport(api, task).evidences).toEqual([])
  })

  it('refuses an image over 0.4 MB and an audio over 10 MB with 413', async () => {
    const task = await checkedInTask()
    const image = await upload(api, task, { bytes: jpegBytes(IMAGE_MAX_BYTES + 1) })
    expect(image.status).toBe(413)
    expect(image.body).toMatchObject({
      code: 'file_too_large',
      detail: 'A foto deve ter no máximo 0,4 MB.',
    })
    expect((await upload(api, task, { bytes: jpegBytes(IMAGE_MAX_BYTES) })).status).toBe(201)
    const audio = await upload(api, task, {
      kind: 'audio',
      bytes: new Uint8Array(AUDIO_MAX_BYTES + 1),
    })
    expect(audio.status).toBe(413)
    expect(audio.body.detail).toBe('O áudio deve ter no máximo 10 MB.')
  })

  it('refuses missing or invalid fields with 422', async () => {
    const task = await checkedInTask()
    const missing = await upload(api, task, { omit: ['file', 'takenAt'] })
    expect(missing.status).toBe(422)
    expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['file', 'takenAt'])
    expect(missing.body.fields[0].message).toBe('Escolha um arquivo para enviar.')
    const wrong = await upload(api, task, { fields: { kind: 'video', width: 'largo' } })
    expect(wrong.status).toBe(422)
    expect(wrong.body.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['kind', 'width']),
    )
    const huge = await upload(api, task, { fields: { width: '4000' } })
    expect(huge.status).toBe(422)
    expect(huge.body.fields).toEqual([
      { field: 'width', message: 'A foto deve ter no máximo 1920 px no lado maior.' },
    ])
    const empty = await upload(api, task, { bytes: new Uint8Array(0) })
    expect(empty.status).toBe(422)
    expect(empty.body.fields).toEqual([{ field: 'file', message: imageFileMessages['empty-file'] }])
  })

  it('refuses uploads before the check-in and after the submission with 422 on taskId', async () => {
    const before = await upload(api, taskIn(api, 'started'))
    expect(before.status).toBe(422)
    expect(before.body.fields).toEqual([
      { field: 'taskId', message: 'Faça o check-in antes de enviar fotos ou áudios.' },
    ])
    const after = await upload(api, taskIn(api, 'approved'))
    expect(after.status).toBe(422)
    expect(after.body.fields[0].field).toBe('taskId')
  })

  it("answers 404 for a task that is not the agent's", async () => {
    const offered = api.db.tasks.findFirst((q) => q.where({ agentId: '' }))!
    const res = await upload(api, offered)
    expect(res.status).toBe(404)
    expect(res.body.detail).toBe('Tarefa não encontrada.')
    expect((await upload(api, { id: 'tsk_nope' })).status).toBe(404)
  })

  it('answers 401 without a token', async () => {
    const res = await upload(api, taskIn(api, 'visited'), { token: null })
    expect(res.status).toBe(401)
  })

  it('replays a repeated Idempotency-Key: same evidence, stored once', async () => {
    const task = await checkedInTask()
    const first = await upload(api, task, { idempotencyKey: 'upload-photo-0001' })
    const second = await upload(api, task, { idempotencyKey: 'upload-photo-0001' })
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(api.db.media.count()).toBe(1)
    expect(storedReport(api, task).evidences.map((e: Evidence) => e.id)).toEqual([first.body.id])
  })
})

describe('GET /media/{id}/content', () => {
  it('serves a PNG placeholder for a seeded photo without bytes', async () => {
    const report = storedReport(api, taskIn(api, 'approved'))
    const photo = report.evidences.find((e) => e.kind === 'photo')!
    const res = await api.call<string>('GET', `/media/${photo.id}/content`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('image/png')
    expect(Number(res.headers.get('Content-Length'))).toBeGreaterThan(100)
    expect(res.body.slice(1, 4)).toBe('PNG')
  })

  it('serves a WebM placeholder for a seeded audio without bytes', async () => {
    const report = storedReport(api, taskIn(api, 'visited'))
    const audio = report.evidences.find((e) => e.kind === 'audio')!
    const res = await api.call<string>('GET', `/media/${audio.id}/content`)
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('audio/webm')
  })

  it('answers 404 for unknown media or media of another agent, 401 without a token', async () => {
    expect((await api.call('GET', '/media/evd_nope/content')).status).toBe(404)
    await api.db.media.create({
      id: 'evd_other',
      ownerId: 'agt_other',
      mimeType: 'image/png',
      base64: 'AAAA',
    })
    expect((await api.call('GET', '/media/evd_other/content')).status).toBe(404)
    const offered = storedReport(
      api,
      api.db.tasks.findFirst((q) => q.where({ agentId: '' }))!,
    )
    expect(offered.evidences).toEqual([])
    const seeded = storedReport(api, taskIn(api, 'visited')).evidences[0]!
    expect((await api.call('GET', `/media/${seeded.id}/content`, { token: null })).status).toBe(401)
  })
})
