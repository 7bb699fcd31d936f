/** Reports for seeded tasks: empty for tasks not visited yet, filled and scored for the rest. */
import type { Faker } from '@faker-js/faker'
import type { Answer, EvaluationForm, Mission, Task } from '@/api/entities'
import { ATTENDANT_TRAITS } from '@/domain/attendant-traits'
import { computeScore, answersById, visibleQuestions } from '@/domain/questionnaire'

export function emptyReport(task: Task) {
  return {
    id: task.reportId,
    taskId: task.id,
    projectId: task.projectId,
    cycleId: `cyc_${task.projectId.slice(4)}_2026`,
    version: 0,
    answers: [],
    awards: [],
    attendants: [],
    times: [],
    checklist: [],
    evidences: [],
    taxReceipts: [],
    notes: '',
    score: 0,
    submittedAt: null,
  }
}

export function filledReport(
  task: Task,
  mission: Mission,
  form: EvaluationForm,
  faker: Faker,
  submitted: boolean,
) {
  const at = task.steps.checkin?.at ?? task.scheduledFor
  const answers: Answer[] = []
  // Answer in order so showIf follow-ups see their triggers.
  for (let round = 0; round < 3; round++) {
    for (const { question } of visibleQuestions(form, answersById(answers))) {
      if (answers.some((a) => a.questionId === question.id)) continue
      const value = sampleAnswer(question, faker, task)
      if (value !== undefined) answers.push({ questionId: question.id, value, answeredAt: at })
    }
  }
  const attendantName = `${faker.person.firstName()} ${faker.person.lastName()}`.replace(
    /[^\p{L} ]/gu,
    '',
  )
  const photos = Array.from({ length: Math.max(1, mission.requirements.minPhotos) }, (_, i) => ({
    id: `evd_${task.slug.slice(2)}_${i + 1}`,
    kind: 'photo' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_${i + 1}/content`,
    bytes: 180_000 + i * 1000,
    mimeType: 'image/jpeg',
    width: 1920,
    height: 1440,
    takenAt: at,
    caption: i === 0 ? 'Fachada' : 'Interior',
  }))
  const receipt = {
    id: `evd_${task.slug.slice(2)}_r`,
    kind: 'receipt' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_r/content`,
    bytes: 120_000,
    mimeType: 'image/jpeg',
    width: 1080,
    height: 1920,
    takenAt: at,
    caption: 'Cupom fiscal',
  }
  const audio = {
    id: `evd_${task.slug.slice(2)}_a`,
    kind: 'audio' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_a/content`,
    bytes: 240_000,
    mimeType: 'audio/webm',
    durationSecs: 95,
    takenAt: at,
  }
  const evidences = [
    ...photos,
    ...(mission.requirements.taxReceipt ? [receipt] : []),
    ...(mission.requirements.proof === 'audio' || mission.requirements.proof === 'either'
      ? [audio]
      : []),
  ]
  return {
    ...emptyReport(task),
    version: 3,
    answers,
    attendants: [
      {
        code: `att_${task.slug.slice(2)}_1`,
        name: attendantName,
        traits: faker.helpers.arrayElements([...ATTENDANT_TRAITS], 2),
      },
    ],
    times: mission.times.map((t) => ({
      code: t.code,
      seconds: faker.number.int({ min: 30, max: 600 }),
    })),
    checklist: mission.checklist.map((c) => ({ itemId: c.id, checked: true })),
    evidences,
    taxReceipts: mission.requirements.taxReceipt
      ? [
          {
            id: `rcp_${task.slug.slice(2)}`,
            evidenceId: receipt.id,
            cnpj: '11222333000181',
            number: faker.string.numeric(6),
            amountCents: faker.number.int({ min: 800, max: 6000 }),
            issuedAt: at.slice(0, 10),
          },
        ]
      : [],
    ...(mission.requirements.proof === 'testimony'
      ? {
          testimony:
            'Fui atendido com cordialidade pela operadora do caixa, que confirmou o preço e ofereceu a nota fiscal com CPF. A fila andou rápido.',
        }
      : {}),
    notes: 'Loja cheia no horário do almoço.',
    score: computeScore(form, answersById(answers)),
    submittedAt: submitted ? (task.steps.submitted ?? null) : null,
  }
}

function sampleAnswer(
  question: EvaluationForm['pages'][number]['questions'][number],
  faker: Faker,
  task: Task,
) {
  switch (question.kind) {
    case 'yesno':
      return faker.datatype.boolean({ probability: 0.8 })
    case 'single':
      return faker.helpers.arrayElement(question.options ?? []).value
    case 'multi':
      return faker.helpers.arrayElements(
        (question.options ?? []).map((o) => o.value),
        { min: 1, max: 3 },
      )
    case 'scale':
      return faker.number.int({ min: question.min ?? 1, max: question.max ?? 5 })
    case 'number':
      return faker.number.int({ min: question.min ?? 0, max: Math.min(question.max ?? 10, 10) })
    case 'text':
      return 'O atendente explicou os pontos do programa e como cadastrar o CPF.'
    case 'time':
      return `0${faker.number.int({ min: 1, max: 9 })}:${String(faker.number.int({ min: 0, max: 59 })).padStart(2, '0')}`
    case 'photo':
      return `evd_${task.slug.slice(2)}_1`
  }
}
