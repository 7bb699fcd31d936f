/**
 * Test helpers for the report areas (reports, media, awards, revisions): a checked-in task,
 * uploads, and a report body that satisfies everything a mission requires.
 */
import type { Evidence, EvaluationForm, Mission, Report, ReportInput, Task } from '@/api/entities'
import { createFakeApi, type FakeApi } from '../testing/fake-api'
import type { ScenarioName } from '../seed/seed'

/** A fixed "real" time, so timestamps in answers are exact. */
export const NOW = Date.parse('2026-03-10T12:00:00.000Z')

export function newApi(scenario?: ScenarioName) {
  return createFakeApi({ realNow: () => NOW, ...(scenario ? { scenario } : {}) })
}

export const PERFECT_TESTIMONY =
  'Fui atendido com cordialidade pela operadora do caixa, que confirmou o preço, ofereceu a nota fiscal com CPF e agradeceu a compra.'

/** A justification of 50–1000 characters. */
export const JUSTIFICATION =
  'A foto foi tirada de frente para a loja, mas a luz do sol atrapalhou; envio a explicação e confirmo os dados.'

export function isoAt(api: FakeApi, offsetMs = 0) {
  return new Date(api.clock.now() + offsetMs).toISOString()
}

/** The demo agent's tasks in a status, in slug order. */
export function tasksIn(api: FakeApi, status: Task['status']['code']): Task[] {
  return api.db.tasks
    .findMany((q) => q.where((t) => t.agentId !== '' && t.status.code === status))
    .sort((a, b) => a.slug.localeCompare(b.slug))
}

export function taskIn(api: FakeApi, status: Task['status']['code'], index = 0): Task {
  const task = tasksIn(api, status)[index]
  if (!task) throw new Error(`No ${status} task #${index} in the seed`)
  return task
}

export function catalogueOfTask(
  api: FakeApi,
  task: Task,
): { mission: Mission; form: EvaluationForm } {
  const mission = api.db.missions.findFirst((q) => q.where({ id: task.missionId }))!
  const form = api.db.forms.findFirst((q) => q.where({ id: mission.formId }))!
  return { mission, form }
}

export function storedReport(api: FakeApi, task: Task): Report {
  return api.db.reports.findFirst((q) => q.where({ id: task.reportId }))!
}

export async function checkIn(api: FakeApi, task: Task) {
  const res = await api.call<Task>('PUT', `/tasks/${task.id}/checkin/byPosition`, {
    body: { lat: task.location.lat, lng: task.location.lng, accuracy: 10, at: isoAt(api) },
  })
  if (res.status !== 200) throw new Error(`check-in failed: ${JSON.stringify(res.body)}`)
  return res.body
}

export async function checkOut(api: FakeApi, task: Task) {
  const res = await api.call<Task>('PUT', `/tasks/${task.id}/checkout`, {
    body: { at: isoAt(api), offline: false },
  })
  if (res.status !== 200) throw new Error(`check-out failed: ${JSON.stringify(res.body)}`)
  return res.body
}

/** Bytes that start like a JPEG (SOI + APP0), padded to `size`. */
export function jpegBytes(size = 2048, fill = 7) {
  const bytes = new Uint8Array(size).fill(fill)
  bytes.set([0xff, 0xd8, 0xff, 0xe0])
  return bytes
}

export type UploadOptions = {
  kind?: Evidence['kind']
  bytes?: Uint8Array<ArrayBuffer>
  type?: string
  name?: string
  fields?: Record<string, string>
  idempotencyKey?: string
  token?: string | null
  omit?: string[]
}

export function uploadForm(task: Pick<Task, 'id'>, options: UploadOptions = {}) {
  const kind = options.kind ?? 'photo'
  const form = new FormData()
  const fields: Record<string, string> = {
    kind,
    takenAt: '2026-03-10T14:05:00.000Z',
    ...(kind === 'audio' ? { durationSecs: '42.5' } : { width: '1600', height: '1200' }),
    ...options.fields,
  }
  for (const [name, value] of Object.entries(fields))
    if (!options.omit?.includes(name)) form.set(name, value)
  if (!options.omit?.includes('file')) {
    const type = options.type ?? (kind === 'audio' ? 'audio/webm' : 'image/jpeg')
    form.set(
      'file',
      new File(
        [options.bytes ?? jpegBytes()],
        options.name ?? (kind === 'audio' ? 'audio.webm' : 'foto.jpg'),
        { type },
      ),
    )
  }
  return form
}

/** `POST /media`'s path for a task's evidence (the task goes in the query). */
export const uploadPath = (task: Pick<Task, 'id'>) =>
  `/media?${new URLSearchParams({ taskId: task.id })}`

export function upload(api: FakeApi, task: Pick<Task, 'id'>, options: UploadOptions = {}) {
  return api.call('POST', uploadPath(task), {
    form: uploadForm(task, options),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(options.token !== undefined ? { token: options.token } : {}),
  })
}

export async function uploadOk(api: FakeApi, task: Task, options: UploadOptions = {}) {
  const res = await upload(api, task, options)
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`)
  return res.body as Evidence
}

/**
 * A ReportInput that completes every requirement of the task's mission with the best answers
 * (score 100), or the worst ones when `quality` is 'poor'. Uploads what the mission needs.
 */
export async function completeReport(
  api: FakeApi,
  task: Task,
  quality: 'perfect' | 'poor' = 'perfect',
): Promise<ReportInput> {
  const { mission, form } = catalogueOfTask(api, task)
  const req = mission.requirements
  const photos: Evidence[] = []
  for (let i = 0; i < Math.max(1, req.minPhotos); i++)
    photos.push(await uploadOk(api, task, { fields: { caption: `Foto ${i + 1}` } }))
  const receipt = req.taxReceipt ? await uploadOk(api, task, { kind: 'receipt' }) : undefined
  const audio = req.proof === 'audio' ? await uploadOk(api, task, { kind: 'audio' }) : undefined
  const good = quality === 'perfect'
  const answers = form.pages.flatMap((page) =>
    page.questions.map((q) => {
      const options = q.options ?? []
      const value = ((): ReportInput['answers'][number]['value'] => {
        switch (q.kind) {
          case 'yesno':
            return good
          case 'single':
            return options.find((o) => Boolean(o.positive) === good)!.value
          case 'multi':
            return options.filter((o) => Boolean(o.positive) === good).map((o) => o.value)
          case 'scale':
            return good ? (q.max ?? 5) : (q.min ?? 1)
          case 'number':
            return 3
          case 'text':
            return 'Explicou o programa de pontos e ofereceu o cadastro do CPF.'
          case 'time':
            return '02:30'
          case 'photo':
            return photos[0]!.id
        }
      })()
      return { questionId: q.id, value, answeredAt: isoAt(api) }
    }),
  )
  // q8 (loyalty programme) is the showIf trigger of q9: keep it "yes" so q9 is answered and visible.
  for (const a of answers) {
    const dependant = form.pages
      .flatMap((p) => p.questions)
      .find((q) => q.showIf?.questionId === a.questionId)
    if (dependant) a.value = true
  }
  return {
    version: storedReport(api, task).version,
    answers,
    attendants: Array.from({ length: Math.max(1, req.minAttendants) }, (_, i) => ({
      code: `att_${i + 1}`,
      name: ['Márcia Andrade', 'João Pereira', 'Luíza Campos'][i % 3]!,
      traits: ['cordial'],
    })),
    times: mission.times.map((t) => ({ code: t.code, seconds: 150 })),
    checklist: mission.checklist.map((c) => ({ itemId: c.id, checked: true })),
    evidenceIds: [...photos, ...(receipt ? [receipt] : []), ...(audio ? [audio] : [])].map(
      (e) => e.id,
    ),
    taxReceipts: receipt
      ? [
          {
            id: 'rcp_1',
            evidenceId: receipt.id,
            cnpj: '11222333000181',
            number: '004512',
            amountCents: 2350,
            issuedAt: '2026-03-10',
          },
        ]
      : [],
    ...(req.proof === 'testimony' || req.proof === 'either'
      ? { testimony: PERFECT_TESTIMONY }
      : {}),
    notes: 'Loja cheia no horário do almoço.',
  }
}

/** A started task, checked in, with its complete report saved. */
export async function savedVisit(api: FakeApi, index = 0, quality: 'perfect' | 'poor' = 'perfect') {
  const task = taskIn(api, 'started', index)
  await checkIn(api, task)
  const body = await completeReport(api, task, quality)
  const res = await api.call<Report>('PUT', `/reports/${task.reportId}`, { body })
  if (res.status !== 200) throw new Error(`report save failed: ${JSON.stringify(res.body)}`)
  return { task, report: res.body, body }
}
