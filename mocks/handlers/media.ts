/**
 * Media: multipart upload of a visit's photos, receipt photos and audio, and their bytes.
 *
 * Where an upload's Evidence lives: on upload it is appended to the task's report
 * (`report.evidences`) at once — uploaded means attached — and its bytes go to `db.media`
 * (base64, so the record survives JSON persistence in the browser). `PUT /reports/{id}`
 * then sends `evidenceIds`: they must be evidences of that report; the list sets their
 * order and drops the ones left out. Attaching at upload keeps the metadata (kind, size,
 * dimensions, takenAt, caption) in an API entity with no extra server-only record, and a
 * photo whose report save never arrives is still in the report, so nothing is lost.
 * An upload does not bump the report's `version` (the client's next save stays current).
 */
import { HttpResponse } from 'msw'
import type { Evidence, FieldError, Task } from '@/api/entities'
import { AUDIO_MAX_BYTES, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '@/domain/constants'
import { checkImageFile } from '@/domain/image-limits'
import { apiSchema } from '../schemas'
import { reportOfTask, updateReport } from './reports'
import { findAgentTask } from './tasks'
import {
  type BackendContext,
  newId,
  notFound,
  plain,
  problem,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

/** Audio containers the app records (MediaRecorder: WebM in Chromium/Firefox, MP4 in Safari). */
export const ACCEPTED_AUDIO_TYPES: readonly string[] = ['audio/webm', 'audio/mp4']

/** 96×72 PNG of a grey "picture" icon, served for seeded evidences that have no bytes. */
const PLACEHOLDER_IMAGE_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABICAIAAACGBWc0AAAA90lEQVR42u3bwQ2DMAwFUPafobcO0KmqHliCDVqUhPCdPskTPMXE' +
  'dsz2/uziS2wIAAECBAgQIECABCBAgAAtBfR4vqoEoGCg8BwBBAgQoP1Gx2igsRfKakBXXLrrAF1XmAACBOjq8t8JAgQIkDpIJa0X' +
  '081XBvr3OujkMBvQ7y83oJvvtUpA/ZVR84EtANRfW7eduDJ1UGd/35yVBYD6n0A7szIaqPOZeFRiVurFzhsNGbyV7OZn7iZUnQdN' +
  'Myo8k57DFAeUtgqUBRS4LhUElLlSlgIUu3YHCNAaQGbSgOxJA/Kvhp9ZAAECBAiQAAQIECBAgAABEgdM0CVBG6SaywAAAABJRU5E' +
  'rkJggg=='

/** One second of silence, Opus in WebM (48 kHz mono), served for seeded audio without bytes. */
const PLACEHOLDER_AUDIO_BASE64 =
  'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZ0JFFUmpZqoq17GDD0JATYCJYXZhbGlhZG9yV0GJYXZhbGlh' +
  'ZG9yRImIQI9AAAAAAAAWVK5rxq7E14EBc8WBAYOBAoaGQV9PUFVTY6KTT3B1c0hlYWQBATgBgLsAAAAAAFaqg2MuoFa7hATEtADh' +
  'jbWIQOdwAAAAAACfgQEfQ7Z1QcXngQCjh4EAAID4//6jh4EAFID4//6jh4EAKID4//6jh4EAPID4//6jh4EAUID4//6jh4EAZID4' +
  '//6jh4EAeID4//6jh4EAjID4//6jh4EAoID4//6jh4EAtID4//6jh4EAyID4//6jh4EA3ID4//6jh4EA8ID4//6jh4EBBID4//6j' +
  'h4EBGID4//6jh4EBLID4//6jh4EBQID4//6jh4EBVID4//6jh4EBaID4//6jh4EBfID4//6jh4EBkID4//6jh4EBpID4//6jh4EB' +
  'uID4//6jh4EBzID4//6jh4EB4ID4//6jh4EB9ID4//6jh4ECCID4//6jh4ECHID4//6jh4ECMID4//6jh4ECRID4//6jh4ECWID4' +
  '//6jh4ECbID4//6jh4ECgID4//6jh4EClID4//6jh4ECqID4//6jh4ECvID4//6jh4EC0ID4//6jh4EC5ID4//6jh4EC+ID4//6j' +
  'h4EDDID4//6jh4EDIID4//6jh4EDNID4//6jh4EDSID4//6jh4EDXID4//6jh4EDcID4//6jh4EDhID4//6jh4EDmID4//6jh4ED' +
  'rID4//6jh4EDwID4//6jh4ED1ID4//4='

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** The MIME type without parameters, lower case; `image/jpg` read as `image/jpeg`. */
function essence(type: string) {
  const base = type.split(';')[0]!.trim().toLowerCase()
  return base === 'image/jpg' ? 'image/jpeg' : base
}

const invalid = (fields: FieldError[]) =>
  problem(422, 'validation_failed', 'Confira os campos destacados.', { fields })

/** Why a task takes no uploads now (422 on `taskId`), or null. */
function uploadRefusal(task: Task): string | null {
  switch (task.status.code) {
    case 'started':
      return task.steps.checkin ? null : 'Faça o check-in antes de enviar fotos ou áudios.'
    case 'visited':
    case 'contested':
      return null
    default:
      return 'Esta tarefa não aceita mais fotos nem áudios.'
  }
}

/**
 * The form fields of a MediaUpload, validated against openapi.yaml (which describes the parts
 * as the text they are: numbers as decimal text), with the numbers read as numbers.
 */
function readUploadFields(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
  const candidate = Object.fromEntries(
    Object.entries({
      file: '(arquivo)',
      kind: text('kind'),
      takenAt: text('takenAt'),
      width: text('width'),
      height: text('height'),
      durationSecs: text('durationSecs'),
      caption: text('caption'),
    }).filter(([, value]) => value !== undefined),
  )
  const parsed = apiSchema('MediaUpload').safeParse(candidate)
  const fields: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.map(String).join('.') || 'file',
        message: issue.message,
      }))
  const file = form.get('file')
  if (!(file instanceof Blob))
    fields.unshift({ field: 'file', message: 'Escolha um arquivo para enviar.' })
  if (fields.length > 0 || !parsed.success || !(file instanceof Blob)) throw invalid(fields)
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value))
  return {
    ...parsed.data,
    width: number(parsed.data.width),
    height: number(parsed.data.height),
    durationSecs: number(parsed.data.durationSecs),
    file,
  }
}

export function mediaHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.post('/media', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      // The task is in the query: a key sent for one task is not a repeat for another.
      const taskId = new URL(request.url).searchParams.get('taskId')
      return idempotent(ctx, request, `media:${taskId ?? ''}`, async () => {
        let form: FormData
        try {
          form = await request.formData()
        } catch {
          return invalid([{ field: 'file', message: 'Envie o arquivo como multipart/form-data.' }])
        }
        const upload = readUploadFields(form)
        if (!taskId)
          return invalid([{ field: 'taskId', message: 'Diga de qual tarefa é o arquivo.' }])
        const task = findAgentTask(ctx, agent.id, taskId)
        const refusal = uploadRefusal(task)
        if (refusal) return invalid([{ field: 'taskId', message: refusal }])

        const mimeType = essence(upload.file.type)
        if (upload.kind === 'audio') {
          if (!ACCEPTED_AUDIO_TYPES.includes(mimeType))
            return problem(
              415,
              'unsupported_media_type',
              'Envie um áudio gravado pelo aplicativo (WebM ou MP4).',
            )
          if (upload.file.size === 0)
            return invalid([{ field: 'file', message: 'O arquivo de áudio está vazio.' }])
          if (upload.file.size > AUDIO_MAX_BYTES)
            return problem(413, 'file_too_large', 'O áudio deve ter no máximo 10 MB.')
        } else {
          const imageError = checkImageFile({ type: mimeType, size: upload.file.size })
          if (imageError?.code === 'empty-file')
            return invalid([{ field: 'file', message: imageError.message }])
          if (imageError) return problem(415, 'unsupported_media_type', imageError.message)
          if (upload.file.size > IMAGE_MAX_BYTES)
            return problem(413, 'file_too_large', 'A foto deve ter no máximo 0,4 MB.')
          const tooWide = (['width', 'height'] as const).filter(
            (side) => (upload[side] ?? 0) > IMAGE_MAX_SIDE_PX,
          )
          if (tooWide.length > 0)
            return invalid(
              tooWide.map((field) => ({
                field,
                message: `A foto deve ter no máximo ${IMAGE_MAX_SIDE_PX} px no lado maior.`,
              })),
            )
        }

        const bytes = new Uint8Array(await upload.file.arrayBuffer())
        const id = newId(ctx, 'evd')
        const evidence: Evidence = {
          id,
          kind: upload.kind,
          url: `${ctx.baseUrl}/media/${id}/content`,
          bytes: bytes.byteLength,
          mimeType,
          takenAt: upload.takenAt,
          ...(upload.kind !== 'audio' && upload.width !== undefined ? { width: upload.width } : {}),
          ...(upload.kind !== 'audio' && upload.height !== undefined
            ? { height: upload.height }
            : {}),
          ...(upload.kind === 'audio' && upload.durationSecs !== undefined
            ? { durationSecs: upload.durationSecs }
            : {}),
          ...(upload.caption ? { caption: upload.caption } : {}),
        }
        await ctx.db.media.create({ id, ownerId: agent.id, mimeType, base64: bytesToBase64(bytes) })
        await updateReport(ctx, reportOfTask(ctx, task), (r) => {
          r.evidences.push(evidence)
        })
        ctx.log(
          `${upload.kind === 'audio' ? 'áudio' : 'foto'} ${id} enviada para ${task.slug} (${Math.round(bytes.byteLength / 1024)} KiB)`,
        )
        return HttpResponse.json(evidence, { status: 201 })
      })
    }),

    http.get('/media/{id}/content', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const media = ctx.db.media.findFirst((q) => q.where({ id: params.id, ownerId: agent.id }))
      if (media) return response.untyped(content(base64ToBytes(media.base64), media.mimeType))
      // Seeded reports name evidences that were never uploaded: serve a placeholder for them.
      const evidence = seededEvidence(ctx, agent.id, params.id)
      if (!evidence) throw notFound('Arquivo não encontrado.')
      return response.untyped(
        evidence.kind === 'audio'
          ? content(base64ToBytes(PLACEHOLDER_AUDIO_BASE64), 'audio/webm')
          : content(base64ToBytes(PLACEHOLDER_IMAGE_BASE64), 'image/png'),
      )
    }),
  ]
}

function content(bytes: Uint8Array<ArrayBuffer>, mimeType: string) {
  return new HttpResponse(bytes, {
    status: 200,
    headers: {
      'Content-Type': mimeType,
      'Content-Length': String(bytes.byteLength),
      // Evidence bytes never change once uploaded.
      'Cache-Control': 'private, max-age=31536000, immutable',
    },
  })
}

/** An evidence of one of the agent's reports, by id (whether or not it has bytes). */
function seededEvidence(
  ctx: BackendContext,
  agentId: string,
  evidenceId: string,
): Evidence | undefined {
  const reportIds = new Set(
    ctx.db.tasks.findMany((q) => q.where({ agentId })).map((t) => t.reportId),
  )
  const report = ctx.db.reports.findFirst((q) =>
    q.where((r) => reportIds.has(r.id) && r.evidences.some((e) => e.id === evidenceId)),
  )
  return report ? plain(report.evidences.find((e) => e.id === evidenceId)) : undefined
}
