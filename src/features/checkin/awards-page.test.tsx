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

describe('Prêmios', () => {
  it('below the goal, explains the score against the goal', async () => {
    await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    const award = await screen.findByRole('region', { name: 'Sorriso no caixa' })
    expect(
      await within(award).findByText('A nota atual (0) não alcança a meta (85).'),
    ).toBeInTheDocument()
    expect(within(award).queryByRole('button', { name: 'Indicar' })).not.toBeInTheDocument()
  })

  it('at the goal, nominates an attendant; the server records it', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    const award = await screen.findByRole('region', { name: 'Sorriso no caixa' })
    await answerEverything(true)
    expect(await within(award).findByText('Nota atual: 100 · Meta: 85')).toBeInTheDocument()

    await user.click(await within(award).findByRole('button', { name: 'Indicar' }))
    expect(await within(award).findByRole('alert')).toHaveTextContent('Escolha o atendente')
    await user.selectOptions(
      within(award).getByRole('combobox', { name: 'Atendente indicado' }),
      'Márcia Andrade',
    )
    await user.click(within(award).getByRole('button', { name: 'Indicar' }))

    await waitFor(() =>
      expect(
        fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
      ).toHaveLength(1),
    )
    expect(
      fakeBackend.db.awards.findFirst((q) => q.where({ taskId: serverTask().id })),
    ).toMatchObject({ code: 'SORRISO', attendantCode: 'att_1a2b3c4d' })
    expect(
      await within(award).findByText('Márcia Andrade indicado(a) — Indicado'),
    ).toBeInTheDocument()
  })

  it('when the server cannot save it, shows the award save failure and keeps the nomination to retry', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    const award = await screen.findByRole('region', { name: 'Sorriso no caixa' })
    await answerEverything(true)
    failApi('post', '/awards/', 422, {
      type: 'about:blank',
      title: 'Recusado',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
    })

    await user.selectOptions(
      await within(award).findByRole('combobox', { name: 'Atendente indicado' }),
      'Márcia Andrade',
    )
    await user.click(within(award).getByRole('button', { name: 'Indicar' }))
    expect(
      await within(award).findByText(
        'Não foi possível salvar a indicação do prêmio. Ela continua guardada neste aparelho; tente de novo.',
      ),
    ).toBeInTheDocument()
    expect(within(award).getByText('Atendente indicado: Márcia Andrade')).toBeInTheDocument()
    expect(
      fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
    ).toHaveLength(0)

    fakeServer.resetHandlers()
    await user.click(within(award).getByRole('button', { name: 'Tentar de novo' }))
    await waitFor(() =>
      expect(
        fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
      ).toHaveLength(1),
    )
    expect(
      await within(award).findByText('Márcia Andrade indicado(a) — Indicado'),
    ).toBeInTheDocument()
  })
})
