/**
 * The visit and its report: check-in by position, check-out, the report (read, save with
 * optimistic concurrency, submit), media, award nominations and the validator's revisions.
 */
import { readFileSync } from 'node:fs'
import { MatchersV3 } from '@pact-foundation/pact'
import { JSDOM } from 'jsdom'
import { describe, expect, it, vi } from 'vitest'
import { API_ERROR_MESSAGES, type ApiError } from '@/api/api-error'
import type { ReportInput } from '@/api/entities'
import {
  answerRevision,
  checkInByPosition,
  checkOut,
  createAward,
  currentRevisionQueryOptions,
  fetchMediaContent,
  reportQueryOptions,
  saveReport,
  submitReport,
} from '@/lib/visit-store/api'
import { uploadWithProgress } from '@/lib/visit-store/upload'
import { IMAGE_MAX_BYTES } from '@/domain/constants'
import { setSessionExpiredHandler } from '@/lib/api'
import { KEPT_DEVICE_TIME, STATES } from '../mocks/provider-state-catalogue'
import { instantAtMinuteOfHour, RFC3339_DATE_TIME } from './support/date-time'
import {
  attendant,
  awardGiven,
  evidence,
  fieldErrors,
  instant,
  oneOf,
  problem,
  REPORT_SECTIONS,
  report,
  revision,
  task,
} from './support/bodies'
import {
  AUTH,
  fetchQuery,
  given,
  IDEMPOTENCY,
  injected,
  injectedInstant,
  newPact,
  statePath,
  useMockServer,
  WRITE_HEADERS,
  WRITE_HEADERS_WITH_STATE_KEY,
} from './support/pact'
import {
  multipartRequest,
  problemReply,
  type Part,
  type V4RequestBuilder,
} from './support/raw-body'

const { eachLike, integer, like, number, regex } = MatchersV3
const pact = newPact()

const AT = '2026-03-11T10:00:00.000Z'
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)
const JUSTIFICATION =
  'A foto foi tirada de frente para a loja, mas o sol atrapalhou; envio a explicação e confirmo os dados.'

// ------------------------------------------------------------------ check-in and check-out

/** The phone's time of a step made on the spot: the provider's now (`deviceTime`). */
const deviceTime = () => injectedInstant('deviceTime', AT)

describe('checkInByPosition — PUT /tasks/{id}/checkin/byPosition', () => {
  const position = { lat: -22.9068, lng: -43.1729, accuracy: 10, at: AT }

  it('checks in at the location', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a check-in within the radius of the location')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkin/byPosition', STATES.startedTask),
        (b) =>
          b.headers(WRITE_HEADERS).jsonBody({
            lat: injected('${lat}', position.lat),
            lng: injected('${lng}', position.lng),
            accuracy: number(position.accuracy),
            at: deviceTime(),
          }),
      )
      .willRespondWith(200, (b) => b.jsonBody(task('started', 'checkedIn')))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await checkInByPosition('tsk_4826', position, crypto.randomUUID())
        expect(result.steps.checkin).toBeDefined()
      })
  })

  it('answers 422 outside_radius with the distance when too far', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a check-in far from the location')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkin/byPosition', STATES.startedTask),
        (b) =>
          b
            .headers(WRITE_HEADERS)
            .jsonBody({ lat: number(0), lng: number(0), accuracy: number(10), at: deviceTime() }),
      )
      .willRespondWith(422, (b) =>
        problemReply(b, problem(422, 'outside_radius', { distanceMeters: number(2_560_000) })),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await checkInByPosition(
          'tsk_4826',
          { lat: 0, lng: 0, accuracy: 10, at: AT },
          crypto.randomUUID(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'outside_radius' })
        expect(error.problem?.distanceMeters).toBeGreaterThan(300)
        // No `detail` in the answer (it is optional): the app says it in its own words.
        expect(error.message).toBe(API_ERROR_MESSAGES.outside_radius)
      })
  })

  it('answers 422 weak_gps_signal when the reading is too imprecise to prove presence', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a check-in at the location with a GPS accuracy of ±3 km')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkin/byPosition', STATES.startedTask),
        (b) =>
          b.headers(WRITE_HEADERS).jsonBody({
            lat: injected('${lat}', position.lat),
            lng: injected('${lng}', position.lng),
            accuracy: number(3000),
            at: deviceTime(),
          }),
      )
      .willRespondWith(422, (b) =>
        problemReply(b, problem(422, 'weak_gps_signal', { maxAccuracyMeters: number(100) })),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await checkInByPosition(
          'tsk_4826',
          { ...position, accuracy: 3000 },
          crypto.randomUUID(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'weak_gps_signal' })
        expect(error.problem?.maxAccuracyMeters).toBeLessThan(3000)
        expect(error.message).toBe(API_ERROR_MESSAGES.weak_gps_signal)
      })
  })

  it('answers 409 already_checked_in the second time', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('a second check-in of the same visit')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkin/byPosition', STATES.checkedInTask),
        (b) =>
          b.headers(WRITE_HEADERS).jsonBody({
            lat: injected('${lat}', position.lat),
            lng: injected('${lng}', position.lng),
            accuracy: number(position.accuracy),
            at: deviceTime(),
          }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'already_checked_in')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await checkInByPosition('tsk_4826', position, crypto.randomUUID()).catch(
          (e: unknown) => e,
        )
        expect(error).toMatchObject({ status: 409, code: 'already_checked_in' })
      })
  })
})

describe('checkOut — PUT /tasks/{id}/checkout', () => {
  it('checks out and the task becomes visited', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('a check-out of a running visit')
      .withRequest('PUT', statePath('/tasks/${taskId}/checkout', STATES.checkedInTask), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ at: deviceTime(), offline: false }),
      )
      .willRespondWith(200, (b) => b.jsonBody(task('visited', 'visited', false)))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await checkOut('tsk_4826', { at: AT, offline: false }, crypto.randomUUID())
        expect(result.status.code).toBe('visited')
      })
  })

  it('accepts a check-out queued offline, keeping the device time', async () => {
    // The device's time comes from the state (`offlineCheckoutAt`, at hh:40:00Z); the answer
    // must carry that instant, in any RFC 3339 form: a server storing its own clock fails.
    const queuedAt = '2026-03-11T10:40:00.000Z'
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('a check-out sent after being queued offline')
      .withRequest('PUT', statePath('/tasks/${taskId}/checkout', STATES.checkedInTask), (b) =>
        b
          .headers(WRITE_HEADERS)
          .jsonBody({ at: injectedInstant('offlineCheckoutAt', queuedAt), offline: true }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...task('visited', 'visited'),
          steps: {
            accepted: instant(),
            checkin: {
              at: instant(AT),
              lat: number(-22.9),
              lng: number(-43.1),
              accuracy: number(10),
            },
            checkout: {
              at: regex(
                instantAtMinuteOfHour(KEPT_DEVICE_TIME.minute, KEPT_DEVICE_TIME.second),
                queuedAt,
              ),
              offline: true,
            },
          },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await checkOut(
          'tsk_4826',
          { at: queuedAt, offline: true },
          crypto.randomUUID(),
        )
        expect(result.steps.checkout?.offline).toBe(true)
        expect(Date.parse(result.steps.checkout!.at)).toBe(Date.parse(queuedAt))
      })
  })

  it('answers 409 transition_refused before the check-in', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a check-out before the check-in')
      .withRequest('PUT', statePath('/tasks/${taskId}/checkout', STATES.startedTask), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ at: deviceTime(), offline: false }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'transition_refused')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await checkOut(
          'tsk_4826',
          { at: AT, offline: false },
          crypto.randomUUID(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 409, code: 'transition_refused' })
      })
  })
})

// ------------------------------------------------------------------ the Idempotency-Key rule

// What Pact can pin of the rule (contracts/README.md, "The Idempotency-Key rule"), each with a
// state that sent a check-out under a key through the API: another body with that key is
// refused, and a refusal was not stored. The rest (a body read whole, a repeat answered after
// its body, 24 h) is the backend's to keep.
describe('the Idempotency-Key rule — PUT /tasks/{id}/checkout', () => {
  it('refuses the same key with another body: 422 idempotency_key_reused', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.checkoutStoredUnderKey))
      .uponReceiving('a check-out with the key of an answered check-out and another body')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkout', STATES.checkoutStoredUnderKey),
        (b) =>
          // The state's check-out was online; this one says it was queued offline.
          b.headers(WRITE_HEADERS_WITH_STATE_KEY).jsonBody({ at: deviceTime(), offline: true }),
      )
      .willRespondWith(422, (b) => problemReply(b, problem(422, 'idempotency_key_reused')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await checkOut(
          'tsk_4826',
          { at: AT, offline: true },
          '9a3c1e52-7d4b-4f0a-8c2e-51b7a0d9e6f3',
        ).catch((e: unknown) => e)) as ApiError
        // A refusal, not a transient failure: the outbox parks the check-out for the agent
        // instead of sending it again with the same key.
        expect(error).toMatchObject({ status: 422, code: 'idempotency_key_reused' })
        expect(error.isTransient).toBe(false)
        expect(error.message).toBe(API_ERROR_MESSAGES.idempotency_key_reused)
      })
  })

  it('judges a key again after a refusal: the same check-out passes once checked in', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.checkoutRefusedUnderKey))
      .uponReceiving('a check-out sent again with the key of one refused before the check-in')
      .withRequest(
        'PUT',
        statePath('/tasks/${taskId}/checkout', STATES.checkoutRefusedUnderKey),
        (b) =>
          // The same body as the refused one (the state's `deviceTime`, online).
          b.headers(WRITE_HEADERS_WITH_STATE_KEY).jsonBody({ at: deviceTime(), offline: false }),
      )
      .willRespondWith(200, (b) => b.jsonBody(task('visited', 'visited', false)))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await checkOut(
          'tsk_4826',
          { at: AT, offline: false },
          '9a3c1e52-7d4b-4f0a-8c2e-51b7a0d9e6f3',
        )
        expect(result.status.code).toBe('visited')
      })
  })
})

// ------------------------------------------------------------------ the report

const reportPath = (suffix = '') =>
  statePath(`/reports/\${reportId}${suffix}`, STATES.visitedReport)

const REPORT_INPUT: ReportInput = {
  version: 3,
  answers: [],
  attendants: [{ code: 'att_1', name: 'Márcia Andrade', traits: ['cordial'] }],
  times: [],
  checklist: [],
  evidenceIds: [],
  taxReceipts: [],
  notes: 'Loja cheia no horário do almoço.',
}

const reportInputBody = (version: unknown, name: string) => ({
  version,
  answers: [],
  attendants: [{ code: like('att_1'), name, traits: eachLike('cordial') }],
  times: [],
  checklist: [],
  evidenceIds: [],
  taxReceipts: [],
  notes: like(REPORT_INPUT.notes),
})

describe('getReport — GET /reports/{id}', () => {
  it('returns the report with its current version', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a request for a visit report')
      .withRequest('GET', reportPath(), (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(report()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(reportQueryOptions('rep_4828'))
        expect(result.version).toBeGreaterThan(0)
        expect(result.submittedAt).toBeNull()
      })
  })

  it('answers 404 for a report that is not the agent’s', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noReport))
      .uponReceiving('a request for a report that does not exist')
      .withRequest('GET', '/api/reports/rep_0000', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await fetchQuery(reportQueryOptions('rep_0000')).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('saveReport — PUT /reports/{id}', () => {
  it('saves the whole report and bumps its version', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a save of the report at its current version')
      .withRequest('PUT', reportPath(), (b) =>
        b
          .headers(WRITE_HEADERS)
          .jsonBody(reportInputBody(injected('${version}', 3), 'Márcia Andrade')),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...report(false),
          version: integer(4),
          attendants: eachLike(attendant()),
          notes: like(REPORT_INPUT.notes),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const saved = await saveReport('rep_4828', REPORT_INPUT, crypto.randomUUID())
        expect(saved.version).toBe(4)
        expect(saved.attendants[0]?.name).toBe('Márcia Andrade')
      })
  })

  it('answers 409 stale_version with the current report for an old version', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a save of the report at a stale version')
      .withRequest('PUT', reportPath(), (b) =>
        b
          .headers(WRITE_HEADERS)
          .jsonBody(reportInputBody(injected('${staleVersion}', 2), 'Márcia Andrade')),
      )
      .willRespondWith(409, (b) =>
        problemReply(
          b,
          problem(409, 'stale_version', { current: { id: like('rep_4828'), version: integer(3) } }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await saveReport(
          'rep_4828',
          { ...REPORT_INPUT, version: 2 },
          crypto.randomUUID(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error).toMatchObject({ status: 409, code: 'stale_version' })
        expect(error.problem?.current?.version).toBe(3)
      })
  })

  it('answers 422 naming the attendant name the rules refuse', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a save of the report with a forbidden attendant name')
      .withRequest('PUT', reportPath(), (b) =>
        b.headers(WRITE_HEADERS).jsonBody(reportInputBody(injected('${version}', 3), 'Atendente')),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'validation_failed', {
            fields: fieldErrors('attendants.0.name', 'Use o nome do atendente.'),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const input = {
          ...REPORT_INPUT,
          attendants: [{ code: 'att_1', name: 'Atendente', traits: ['cordial'] }],
        }
        const error = (await saveReport('rep_4828', input, crypto.randomUUID()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error.status).toBe(422)
        expect(error.fieldErrors['attendants.0.name']).toBeDefined()
      })
  })
})

describe('submitReport — POST /reports/{id}/submission', () => {
  it('submits a complete report and the task goes to validation', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a submission of a complete report')
      .withRequest('POST', reportPath('/submission'), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ version: injected('${version}', 3) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          report: { id: like('rep_4828'), version: integer(3), submittedAt: instant() },
          task: { id: like('tsk_4828'), status: { code: 'validating', changedAt: instant() } },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await submitReport('rep_4828', 3, crypto.randomUUID())
        expect(result.task.status.code).toBe('validating')
        expect(result.report.submittedAt).not.toBeNull()
      })
  })

  it('answers 422 report_incomplete listing what is missing', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.incompleteReport))
      .uponReceiving('a submission of an incomplete report')
      .withRequest(
        'POST',
        statePath('/reports/${reportId}/submission', STATES.incompleteReport),
        (b) => b.headers(WRITE_HEADERS).jsonBody({ version: injected('${version}', 3) }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'report_incomplete', {
            missing: eachLike({
              section: oneOf(REPORT_SECTIONS, 'answers'),
              label: like('Página "Chegada" do questionário'),
            }),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await submitReport('rep_4828', 3, crypto.randomUUID()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error).toMatchObject({ status: 422, code: 'report_incomplete' })
        expect(error.problem?.missing?.length).toBeGreaterThan(0)
      })
  })
})

// ------------------------------------------------------------------ media

type UploadFile = { content: Buffer; fileName: string; type: string; width: number; height: number }

/** A real 32 × 24 JPEG (a provider may look at the bytes, not only at the part's type). */
const JPEG = readFileSync(new URL('./support/fachada.jpg', import.meta.url))

/**
 * The multipart parts the app sends for a photo of the visit (fixed boundary: raw-body.ts).
 * The task goes in the query, where the verifier puts the state's id; `takenAt` is the
 * phone's time the photo was taken, which a multipart body cannot take from the state.
 */
const photoParts = (file: UploadFile): Part[] => [
  { name: 'file', value: file.content, fileName: file.fileName, contentType: file.type },
  { name: 'kind', value: 'photo' },
  { name: 'takenAt', value: AT, regex: RFC3339_DATE_TIME },
  { name: 'width', value: String(file.width) },
  { name: 'height', value: String(file.height) },
  { name: 'caption', value: 'Fachada' },
]

/** `POST /media?taskId=…`, the task the state checked in. */
const uploadTo = (b: V4RequestBuilder) => b.query({ taskId: injected('${taskId}', 'tsk_4826') })

/**
 * The app's own upload (XMLHttpRequest, for progress), run on jsdom's XMLHttpRequest and
 * FormData from the mock server's own origin, as a page of the app would.
 */
async function appUpload(server: { url: string }, file: UploadFile, progress?: number[]) {
  const page = new JSDOM('', { url: server.url })
  vi.stubGlobal('XMLHttpRequest', page.window.XMLHttpRequest)
  vi.stubGlobal('FormData', page.window.FormData)
  return uploadWithProgress(
    {
      file: new page.window.Blob([new Uint8Array(file.content)], { type: file.type }),
      fileName: file.fileName,
      kind: 'photo',
      taskId: 'tsk_4826',
      takenAt: AT,
      width: file.width,
      height: file.height,
      caption: 'Fachada',
    },
    crypto.randomUUID(),
    (fraction) => progress?.push(fraction),
  ).finally(() => vi.unstubAllGlobals())
}

const PHOTO: UploadFile = {
  content: JPEG,
  fileName: 'fachada.jpg',
  type: 'image/jpeg',
  width: 32,
  height: 24,
}

describe('uploadMedia — POST /media (multipart)', () => {
  it('stores a photo of the visit', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('an upload of a photo of the visit')
      .withRequest('POST', '/api/media', (b) =>
        multipartRequest(uploadTo(b).headers(WRITE_HEADERS), photoParts(PHOTO)),
      )
      .willRespondWith(201, (b) =>
        // The app keeps the photo's type, size and caption it sent: it reads the stored id,
        // kind, url, bytes and time.
        b.jsonBody({ ...evidence(), kind: 'photo' }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const progress: number[] = []
        const stored = await appUpload(server, PHOTO, progress)
        expect(progress.at(-1)).toBe(1)
        expect(stored.kind).toBe('photo')
        expect(stored.bytes).toBeGreaterThan(0)
      })
  })

  it('answers 401 when the session expired (the upload signs the agent out like any call)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving('an upload of a photo with an expired session')
      .withRequest('POST', '/api/media', (b) =>
        multipartRequest(
          b
            // No task of the state's: any id will do, the session is refused first.
            .query({ taskId: 'tsk_4826' })
            .headers({
              Authorization: injected('Bearer ${token}', 'Bearer expired-token'),
              ...IDEMPOTENCY,
            }),
          photoParts(PHOTO),
        ),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const expired = vi.fn()
        setSessionExpiredHandler(expired)
        try {
          const error = await appUpload(server, PHOTO).catch((e: unknown) => e)
          expect(error).toMatchObject({ status: 401, code: 'session_expired' })
          expect(expired).toHaveBeenCalledTimes(1)
        } finally {
          setSessionExpiredHandler(() => {})
        }
      })
  })

  it('answers 413 file_too_large for a photo over the limit (the photo is refused, not retried)', async () => {
    // A JPEG just over the limit (the real one, padded after its end marker): a provider that
    // looks at the bytes sees a JPEG, and refuses it for its size.
    const big: UploadFile = {
      ...PHOTO,
      content: Buffer.concat([JPEG, Buffer.alloc(IMAGE_MAX_BYTES + 1 - JPEG.byteLength)]),
      fileName: 'grande.jpg',
    }
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('an upload of a photo larger than the limit')
      .withRequest('POST', '/api/media', (b) =>
        multipartRequest(uploadTo(b).headers(WRITE_HEADERS), photoParts(big)),
      )
      .willRespondWith(413, (b) => problemReply(b, problem(413, 'file_too_large')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await appUpload(server, big).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 413, code: 'file_too_large', isTransient: false })
      })
  })

  it('answers 415 unsupported_media_type for a picture that is not JPG, PNG or WebP', async () => {
    const gif: UploadFile = {
      content: Buffer.from('GIF89a'),
      fileName: 'fachada.gif',
      type: 'image/gif',
      width: 32,
      height: 24,
    }
    await pact
      .addInteraction()
      .given(...given(STATES.checkedInTask))
      .uponReceiving('an upload of a photo in a format the API does not take')
      .withRequest('POST', '/api/media', (b) =>
        multipartRequest(uploadTo(b).headers(WRITE_HEADERS), photoParts(gif)),
      )
      .willRespondWith(415, (b) => problemReply(b, problem(415, 'unsupported_media_type')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await appUpload(server, gif).catch((e: unknown) => e)
        expect(error).toMatchObject({
          status: 415,
          code: 'unsupported_media_type',
          isTransient: false,
        })
      })
  })
})

describe('getMediaContent — GET /media/{id}/content', () => {
  it('returns the bytes of an evidence with its media type', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.uploadedPhoto))
      .uponReceiving('a request for the bytes of a photo')
      .withRequest('GET', statePath('/media/${evidenceId}/content', STATES.uploadedPhoto), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) =>
        // Any PNG: Pact checks the bytes' detected type, not the bytes.
        b.body('image/png', ONE_PIXEL_PNG),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const blob = await fetchMediaContent('evd_4828_1')
        expect(blob.type).toBe('image/png')
        expect(blob.size).toBe(ONE_PIXEL_PNG.byteLength)
      })
  })
})

// ------------------------------------------------------------------ awards

describe('createAward — POST /awards/', () => {
  it('nominates an attendant when the score reaches the goal', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.awardEligible))
      .uponReceiving('a nomination of an attendant for an award')
      .withRequest('POST', '/api/awards/', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({
          code: injected('${awardCode}', 'NOTA10'),
          taskId: injected('${taskId}', 'tsk_4828'),
          attendantCode: injected('${attendantCode}', 'att_4828_1'),
        }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...awardGiven(), status: 'created' }))
      .executeTest(async (server) => {
        useMockServer(server)
        const award = await createAward(
          { code: 'NOTA10', taskId: 'tsk_4828', attendantCode: 'att_4828_1' },
          crypto.randomUUID(),
        )
        expect(award.status).toBe('created')
      })
  })

  it('answers 422 award_below_goal when the score is below the goal', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.awardBelowGoal))
      .uponReceiving('a nomination for an award whose goal the visit did not reach')
      .withRequest('POST', '/api/awards/', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({
          code: injected('${awardCode}', 'NOTA10'),
          taskId: injected('${taskId}', 'tsk_4828'),
          attendantCode: injected('${attendantCode}', 'att_4828_1'),
        }),
      )
      .willRespondWith(422, (b) => problemReply(b, problem(422, 'award_below_goal')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await createAward(
          { code: 'NOTA10', taskId: 'tsk_4828', attendantCode: 'att_4828_1' },
          crypto.randomUUID(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 422, code: 'award_below_goal' })
      })
  })
})

// ------------------------------------------------------------------ validation (revisions)

describe('getCurrentRevision — GET /reports/{id}/revisions/current', () => {
  it('returns the open revision with its pendencies', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.openRevision))
      .uponReceiving('a request for the current revision of a contested report')
      .withRequest(
        'GET',
        statePath('/reports/${reportId}/revisions/current', STATES.openRevision),
        (b) => b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(revision('open')))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(currentRevisionQueryOptions('rep_4830'))
        expect(result.status).toBe('open')
        expect(result.pendencies.length).toBeGreaterThan(0)
      })
  })
})

describe('getCurrentRevision — a report never contested', () => {
  it('answers 404 (the validation screen says there is nothing to answer)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.visitedReport))
      .uponReceiving('a request for the current revision of a report never contested')
      .withRequest('GET', reportPath('/revisions/current'), (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await fetchQuery(currentRevisionQueryOptions('rep_4828')).catch(
          (e: unknown) => e,
        )
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('answerRevision — PUT /revisions/{id}/answers', () => {
  it('answers every pendency and the revision becomes answered', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.openRevision))
      .uponReceiving('the answers to every pendency of a revision')
      .withRequest('PUT', statePath('/revisions/${revisionId}/answers', STATES.openRevision), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({
          answers: [
            {
              pendencyId: injected('${pendencyId}', 'pen_4830_1'),
              justification: like(JUSTIFICATION),
            },
          ],
        }),
      )
      .willRespondWith(200, (b) => b.jsonBody(revision('answered')))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await answerRevision(
          'rev_4830_1',
          [{ pendencyId: 'pen_4830_1', justification: JUSTIFICATION }],
          crypto.randomUUID(),
        )
        expect(result.status).toBe('answered')
      })
  })

  it('answers 422 naming the justification that is too short', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.openRevision))
      .uponReceiving('an answer to a pendency with a short justification')
      .withRequest('PUT', statePath('/revisions/${revisionId}/answers', STATES.openRevision), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({
          answers: [
            { pendencyId: injected('${pendencyId}', 'pen_4830_1'), justification: 'Está certo.' },
          ],
        }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'validation_failed', { fields: fieldErrors('answers.0.justification') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await answerRevision(
          'rev_4830_1',
          [{ pendencyId: 'pen_4830_1', justification: 'Está certo.' }],
          crypto.randomUUID(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error.status).toBe(422)
        expect(error.fieldErrors['answers.0.justification']).toBeDefined()
      })
  })
})
