import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import type { Answer, EvaluationForm, Question } from '@/api/entities'
import { failApi, fakeBackend, fakeServer } from '@/test/render-route'
import { openVisitDb } from '@/lib/visit-store/db'
import { updateDraft } from '@/lib/visit-store/store'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const REPORT = 'rep_4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
const form = (): EvaluationForm =>
  fakeBackend.db.forms.findFirst((q) => q.where({ id: 'frm_mercado' }))!

/** The most positive answer to each scored question (score 100). */
function bestAnswer(question: Question): Answer['value'] | undefined {
  switch (question.kind) {
    case 'yesno':
      return true
    case 'single':
      return question.options?.find((o) => o.positive)?.value
    case 'multi':
      return (question.options ?? []).filter((o) => o.positive).map((o) => o.value)
    case 'scale':
      return question.max ?? 5
    default:
      return undefined
  }
}

async function answerEverything(withAttendant: boolean) {
  const db = await openVisitDb(DEMO_AGENT_ID)
  await waitFor(async () => expect(await db.get('drafts', REPORT)).toBeDefined())
  const at = new Date().toISOString()
  const answers = form().pages.flatMap((p) =>
    p.questions.flatMap((q) => {
      const value = bestAnswer(q)
      return value === undefined ? [] : [{ questionId: q.id, value, answeredAt: at }]
    }),
  )
  await updateDraft(REPORT, (d) => ({
    ...d,
    answers,
    attendants: withAttendant
      ? [{ code: 'att_1a2b3c4d', name: 'Márcia Andrade', traits: ['cordial'] }]
      : [],
  }))
}

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

describe('Prêmios (the awards part’s one editor, on the check-in’s page)', () => {
  it('below the goal, says the one score and refuses the nomination with the award message', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    expect(await screen.findByText('Sorriso no caixa', { selector: 'span' })).toBeInTheDocument()
    const db = await openVisitDb(DEMO_AGENT_ID)
    await waitFor(async () => expect(await db.get('drafts', REPORT)).toBeDefined())
    await updateDraft(REPORT, (d) => ({
      ...d,
      attendants: [{ code: 'att_1a2b3c4d', name: 'Márcia Andrade', traits: ['cordial'] }],
    }))
    expect(await screen.findByText('0 de 100')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Indicar atendente' }))
    expect(
      await screen.findByText('A nota da visita (0) não alcança a meta do prêmio (85).'),
    ).toBeInTheDocument()
    expect(
      fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
    ).toHaveLength(0)
  })

  it('at the goal, nominates an attendant; the server records it', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    await screen.findByText('Sorriso no caixa', { selector: 'span' })
    await answerEverything(true)
    expect(await screen.findByText('100 de 100')).toBeInTheDocument()
    expect(await screen.findByRole('combobox', { name: 'Atendente' })).toHaveDisplayValue(
      'Márcia Andrade',
    )
    await user.click(screen.getByRole('button', { name: 'Indicar atendente' }))

    await waitFor(() =>
      expect(
        fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
      ).toHaveLength(1),
    )
    expect(
      fakeBackend.db.awards.findFirst((q) => q.where({ taskId: serverTask().id })),
    ).toMatchObject({ code: 'SORRISO', attendantCode: 'att_1a2b3c4d' })
    const nominations = await screen.findByRole('list', { name: 'Indicações desta visita' })
    expect(await within(nominations).findByText('Márcia Andrade')).toBeInTheDocument()
  })

  it('when the server cannot save it, shows the award save failure and keeps the nomination to retry', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    await screen.findByText('Sorriso no caixa', { selector: 'span' })
    await answerEverything(true)
    failApi('post', '/awards/', 422, {
      type: 'about:blank',
      title: 'Recusado',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
    })
    expect(await screen.findByText('100 de 100')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Indicar atendente' }))
    const refused = await screen.findByRole('region', { name: 'Indicação recusada' })
    expect(refused).toHaveTextContent(
      'Não foi possível salvar a indicação do prêmio. Ela continua guardada neste aparelho; tente de novo.',
    )
    expect(refused).toHaveTextContent('Sorriso no caixa — Márcia Andrade')
    expect(
      fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
    ).toHaveLength(0)

    fakeServer.resetHandlers()
    await user.click(within(refused).getByRole('button', { name: /^Tentar/ }))
    await waitFor(() =>
      expect(
        fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
      ).toHaveLength(1),
    )
  })
})
