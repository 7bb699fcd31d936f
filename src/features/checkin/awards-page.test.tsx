import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import type { EvaluationForm } from '@/api/entities'
import { bestAnswer } from '@/test/best-answer'
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

  it('when the server refuses it for its key (a retry is a new request), shows the award save failure and keeps the nomination to retry', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    await screen.findByText('Sorriso no caixa', { selector: 'span' })
    await answerEverything(true)
    failApi('post', '/awards/', 422, {
      type: 'about:blank',
      title: 'Chave de envio já usada',
      status: 422,
      code: 'idempotency_key_reused',
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

  it('when the server refuses what it names (an attendant not in its report), offers the fix — discard, then nominate again — and no retry', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/awards`, DEMO_AGENT_ID)
    await screen.findByText('Sorriso no caixa', { selector: 'span' })
    await answerEverything(true)
    failApi('post', '/awards/', 422, {
      type: 'about:blank',
      title: 'Dados inválidos',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
      fields: [
        { field: 'attendantCode', message: 'Este atendente não está no relatório da visita.' },
      ],
    })
    expect(await screen.findByText('100 de 100')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Indicar atendente' }))
    const refused = await screen.findByRole('region', { name: 'Indicação recusada' })
    expect(refused).toHaveTextContent('O servidor não aceita esta indicação de prêmio')
    expect(refused).toHaveTextContent('Sorriso no caixa — Márcia Andrade')
    // The server's own words on the field, not "Confira os campos destacados".
    expect(refused).toHaveTextContent('Este atendente não está no relatório da visita.')
    expect(
      within(refused)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Descartar indicação'])

    fakeServer.resetHandlers()
    await user.click(within(refused).getByRole('button', { name: 'Descartar indicação' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Indicação recusada' })).not.toBeInTheDocument(),
    )
    // The award is offered again: a new nomination is a new write.
    await user.click(await screen.findByRole('button', { name: 'Indicar atendente' }))
    await waitFor(() =>
      expect(
        fakeBackend.db.awards.findMany((q) => q.where({ taskId: serverTask().id })),
      ).toHaveLength(1),
    )
  })
})
