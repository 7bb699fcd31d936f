import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storageKey } from '@/lib/storage-keys'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import type { Answer } from '@/api/entities'
import { http, HttpResponse } from 'msw'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { readDraft, resetVisitDevice, startTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826' // started, mercado; checked in by `checkIn`
const REPORT = 'rep_4826'

const Q = {
  facade: 'A fachada estava limpa e bem sinalizada?',
  greeted: 'Você foi cumprimentado em até 1 minuto depois de entrar?',
  wait: 'Quanto tempo você esperou até ser atendido? (mm:ss)',
  loyalty: 'O atendente ofereceu o programa de fidelidade?',
  loyaltyHow: 'Como o programa de fidelidade foi apresentado?',
  grade: 'De 1 a 5, qual nota você dá ao atendimento?',
}

function setReducedMotion(reduce: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
}

/** The first two pages answered up to the loyalty question (with a kept facade photo). */
const UP_TO_LOYALTY: Answer[] = [
  ['mercado-q1', true],
  ['mercado-q2', true],
  ['mercado-q3', '01:30'],
  ['mercado-q4', 'evd_teste_1'],
  ['mercado-q5', 'perguntou'],
  ['mercado-q6', true],
  ['mercado-q7', ['ouviu', 'explicou']],
].map(([questionId, value]) => ({
  questionId: questionId as string,
  value: value as Answer['value'],
  answeredAt: '2026-01-01T10:00:00.000Z',
}))

/** Opens the chat of the started task, checked in on the server (and optionally with answers). */
async function openChat(options: { answers?: Answer[] } = {}) {
  const rendered = await renderRoute('/preparando')
  // The sync loop as the app runs it: with the screen's query client, which it refreshes.
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  await fakeBackend.db.tasks.update((q) => q.where({ slug: SLUG }), {
    data(t) {
      t.steps.checkin = {
        at: new Date(fakeBackend.clock.now()).toISOString(),
        lat: t.location.lat,
        lng: t.location.lng,
        accuracy: 10,
      }
    },
  })
  if (options.answers) {
    const answers = options.answers
    await fakeBackend.db.reports.update((q) => q.where({ id: REPORT }), {
      data(r) {
        r.version = 1
        r.answers = answers
        r.evidences = [
          {
            id: 'evd_teste_1',
            kind: 'photo',
            url: '/api/media/evd_teste_1/content',
            bytes: 1000,
            takenAt: '2026-01-01T10:00:00.000Z',
          },
        ]
      },
    })
  }
  await act(() => rendered.router.navigate(`/tasks/${SLUG}/form`))
  return rendered
}

const findLog = () => screen.findByRole('log', { name: 'Conversa com o Avaliador' })
const log = () => screen.getByRole('log', { name: 'Conversa com o Avaliador' })
const answerBubble = async (answer: string, question: string) =>
  within(await findLog()).findByRole('button', {
    name: `Alterar a resposta “${answer}” da pergunta “${question}”`,
  })
const replies = (question: string) => screen.findByRole('group', { name: question })

beforeEach(async () => {
  setReducedMotion(true)
  await resetVisitDevice(DEMO_AGENT_ID)
})
afterEach(() => resetVisitDevice(DEMO_AGENT_ID))

describe('Questionário (chat)', () => {
  it('asks the first question after the bot types, and a yes/no answer becomes the agent’s bubble, saved in the draft', async () => {
    setReducedMotion(false)
    const { user } = await openChat()
    expect(await screen.findByRole('heading', { name: 'Questionário' })).toBeInTheDocument()
    expect(await screen.findByText('Avaliador está digitando…')).toBeInTheDocument()
    expect(await within(await findLog()).findByText(Q.facade)).toBeInTheDocument()
    expect(screen.queryByText('Avaliador está digitando…')).not.toBeInTheDocument()
    expect(screen.getByText('Página 1 de 3 — Chegada', { selector: 'p' })).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progresso do questionário' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )
    expect(log()).toHaveAttribute('aria-live', 'polite')

    const yes = within(await replies(Q.facade)).getByRole('button', { name: 'Sim' })
    await waitFor(() => expect(yes).toHaveFocus())
    await user.click(yes)

    expect(await answerBubble('Sim', Q.facade)).toBeInTheDocument()
    expect(await within(await findLog()).findByText(Q.greeted)).toBeInTheDocument()
    await waitFor(async () => {
      const draft = await readDraft(DEMO_AGENT_ID, REPORT)
      expect(draft?.answers).toEqual([
        { questionId: 'mercado-q1', value: true, answeredAt: expect.any(String) },
      ])
    })
    // The outbox sends it to the server.
    await waitFor(() =>
      expect(
        fakeBackend.db.reports.findFirst((q) => q.where({ id: REPORT }))?.answers,
      ).toHaveLength(1),
    )
    expect(
      screen.getByRole('progressbar', { name: 'Progresso do questionário' }),
    ).not.toHaveAttribute('aria-valuenow', '0')
  })

  it('is usable with the keyboard: focus moves to each new input and Enter answers; a bad time keeps what was typed', async () => {
    const { user } = await openChat()
    const yes = within(await replies(Q.facade)).getByRole('button', { name: 'Sim' })
    await waitFor(() => expect(yes).toHaveFocus())
    await user.keyboard('{Enter}')
    expect(await answerBubble('Sim', Q.facade)).toBeInTheDocument()

    const group = await replies(Q.greeted)
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Sim' })).toHaveFocus())
    await user.tab()
    expect(within(group).getByRole('button', { name: 'Não' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(await answerBubble('Não', Q.greeted)).toBeInTheDocument()

    const time = await screen.findByRole('textbox', { name: 'Tempo (mm:ss)' })
    await waitFor(() => expect(time).toHaveFocus())
    // Digits only (an iPhone's numeric keypad has no colon): the field puts it in.
    await user.keyboard('023{Enter}')
    expect(await screen.findByText('Use o formato mm:ss, por exemplo 02:30.')).toBeInTheDocument()
    expect(time).toHaveValue('02:3')
    await user.clear(time)
    await user.keyboard('0230')
    expect(time).toHaveValue('02:30')
    await user.keyboard('{Enter}')
    expect(await answerBubble('02:30', Q.wait)).toBeInTheDocument()
    await waitFor(async () =>
      expect(
        (await readDraft(DEMO_AGENT_ID, REPORT))?.answers.find((a) => a.questionId === 'mercado-q3')
          ?.value,
      ).toBe('02:30'),
    )
  })

  it('skips the follow-up when the loyalty answer is “Não”, asks it after changing to “Sim”, and drops it again on “Não”', async () => {
    const { user } = await openChat({ answers: UP_TO_LOYALTY })
    expect(await within(await findLog()).findByText(Q.loyalty)).toBeInTheDocument()
    expect(screen.getByText('Página 2 de 3 — Atendimento', { selector: 'p' })).toBeInTheDocument()

    await user.click(within(await replies(Q.loyalty)).getByRole('button', { name: 'Não' }))
    expect(await within(await findLog()).findByText(Q.grade)).toBeInTheDocument()
    expect(within(log()).queryByText(Q.loyaltyHow)).not.toBeInTheDocument()

    // Change the earlier answer: the bot asks it again, then the follow-up.
    await user.click(await answerBubble('Não', Q.loyalty))
    expect(
      await within(await findLog()).findByText('Vamos mudar esta resposta:'),
    ).toBeInTheDocument()
    await user.click(within(await replies(Q.loyalty)).getByRole('button', { name: 'Sim' }))
    expect(await within(await findLog()).findByText(Q.loyaltyHow)).toBeInTheDocument()
    const text = await screen.findByRole('textbox', { name: 'Escreva sua resposta' })
    await user.type(text, 'Ofereceu o cartão fidelidade na hora de pagar.{Enter}')
    expect(
      await answerBubble('Ofereceu o cartão fidelidade na hora de pagar.', Q.loyaltyHow),
    ).toBeInTheDocument()
    expect(await within(await findLog()).findByText(Q.grade)).toBeInTheDocument()
    await waitFor(async () =>
      expect((await readDraft(DEMO_AGENT_ID, REPORT))?.answers.map((a) => a.questionId)).toContain(
        'mercado-q9',
      ),
    )

    // Back to "Não": the follow-up is hidden and its answer leaves the draft.
    await user.click(await answerBubble('Sim', Q.loyalty))
    await user.click(within(await replies(Q.loyalty)).getByRole('button', { name: 'Não' }))
    expect(await answerBubble('Não', Q.loyalty)).toBeInTheDocument()
    await waitFor(() => expect(within(log()).queryByText(Q.loyaltyHow)).not.toBeInTheDocument())
    await waitFor(async () => {
      const ids = (await readDraft(DEMO_AGENT_ID, REPORT))?.answers.map((a) => a.questionId)
      expect(ids).not.toContain('mercado-q9')
      expect(ids).toContain('mercado-q8')
    })
  })

  it('resumes where the agent stopped after the screen is opened again', async () => {
    const first = await openChat()
    await first.user.click(within(await replies(Q.facade)).getByRole('button', { name: 'Sim' }))
    expect(await answerBubble('Sim', Q.facade)).toBeInTheDocument()
    await waitFor(async () =>
      expect((await readDraft(DEMO_AGENT_ID, REPORT))?.answers).toHaveLength(1),
    )
    first.unmount()

    await openChat()
    expect(await answerBubble('Sim', Q.facade)).toBeInTheDocument()
    expect(await replies(Q.greeted)).toBeInTheDocument()
  })

  describe('a half-typed answer is kept on the device until it is given', () => {
    const upTo = (last: number, extra: Answer[] = []) => [
      ...UP_TO_LOYALTY.filter((a) => Number(a.questionId.split('-q')[1]) <= last),
      ...extra,
    ]
    const given = (questionId: string, value: Answer['value']): Answer => ({
      questionId,
      value,
      answeredAt: '2026-01-01T10:00:00.000Z',
    })
    const kept = () =>
      Object.keys(localStorage).filter((k) =>
        k.startsWith(storageKey.visitInput(`${REPORT}.chat.`)),
      )
    /** The chat closed (another screen: nothing of it stays in memory) and opened again. */
    const reopen = async (router: Awaited<ReturnType<typeof openChat>>['router']) => {
      await act(() => router.navigate('/preparando'))
      expect(screen.queryByRole('log')).not.toBeInTheDocument()
      await act(() => router.navigate(`/tasks/${SLUG}/form`))
    }

    it.each([
      {
        kind: 'time',
        answers: () => upTo(2),
        label: 'Tempo (mm:ss)',
        type: '0145',
        shown: '01:45',
        question: Q.wait,
      },
      {
        kind: 'text',
        answers: () => upTo(7, [given('mercado-q8', true)]),
        label: 'Escreva sua resposta',
        type: 'Pelo caixa, com folheto',
        shown: 'Pelo caixa, com folheto',
        question: Q.loyaltyHow,
      },
      {
        kind: 'number',
        answers: () => upTo(7, [given('mercado-q8', false), given('mercado-q10', 4)]),
        label: 'Número',
        type: '3',
        shown: '3',
        question: 'Quantos caixas estavam abertos?',
      },
    ])('$kind: after the screen closes and opens again; forgotten once sent', async (c) => {
      const { user, router } = await openChat({ answers: c.answers() })
      await user.type(await screen.findByRole('textbox', { name: c.label }), c.type)
      await reopen(router)
      const field = await screen.findByRole('textbox', { name: c.label })
      expect(field, 'kept while the screen was closed').toHaveValue(c.shown)
      expect(kept()).toHaveLength(1)
      await user.type(field, '{Enter}')
      expect(await answerBubble(c.shown, c.question)).toBeInTheDocument()
      await waitFor(() => expect(kept(), 'forgotten once answered').toEqual([]))
    })

    it('multiple choice: the options ticked before “Confirmar”', async () => {
      const multi = 'O que o atendente fez durante o atendimento?'
      const { user, router } = await openChat({ answers: upTo(6) })
      const group = await replies(multi)
      await user.click(within(group).getByRole('button', { name: 'Explicou as opções' }))
      await user.click(within(group).getByRole('button', { name: 'Demonstrou pressa' }))
      await reopen(router)
      const pressed = within(await replies(multi))
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent)
      expect(pressed, 'the ticked options, kept').toEqual([
        'Explicou as opções',
        'Demonstrou pressa',
      ])
      await user.click(screen.getByRole('button', { name: 'Confirmar' }))
      expect(await answerBubble('Explicou as opções, Demonstrou pressa', multi)).toBeInTheDocument()
      await waitFor(() => expect(kept()).toEqual([]))
    })
  })

  it('reopens and keeps answering with no connection, from the device; the answers go out when it returns', async () => {
    const { user, router, queryClient } = await openChat()
    await user.click(within(await replies(Q.facade)).getByRole('button', { name: 'Sim' }))
    await waitFor(() =>
      expect(
        fakeBackend.db.reports.findFirst((q) => q.where({ id: REPORT }))?.answers,
      ).toHaveLength(1),
    )

    // A reload with no connection: nothing cached in memory, the server unreachable.
    await act(() => router.navigate('/preparando'))
    queryClient.clear()
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    await act(() => router.navigate(`/tasks/${SLUG}/form`))
    expect(await answerBubble('Sim', Q.facade)).toBeInTheDocument()
    await user.click(within(await replies(Q.greeted)).getByRole('button', { name: 'Não' }))
    expect(await answerBubble('Não', Q.greeted)).toBeInTheDocument()
    await waitFor(async () =>
      expect((await readDraft(DEMO_AGENT_ID, REPORT))?.answers).toHaveLength(2),
    )
    expect(fakeBackend.db.reports.findFirst((q) => q.where({ id: REPORT }))?.answers).toHaveLength(
      1,
    )

    fakeServer.resetHandlers()
    window.dispatchEvent(new Event('online'))
    await waitFor(() =>
      expect(
        fakeBackend.db.reports.findFirst((q) => q.where({ id: REPORT }))?.answers,
      ).toHaveLength(2),
    )
  })

  it('opens at a given question from the report (?q=) and shows the score with “Revisar relatório” when all is answered', async () => {
    const all: Answer[] = [
      ...UP_TO_LOYALTY,
      { questionId: 'mercado-q8', value: false, answeredAt: '2026-01-01T10:00:00.000Z' },
      { questionId: 'mercado-q10', value: 5, answeredAt: '2026-01-01T10:00:00.000Z' },
      { questionId: 'mercado-q11', value: 2, answeredAt: '2026-01-01T10:00:00.000Z' },
      { questionId: 'mercado-q12', value: true, answeredAt: '2026-01-01T10:00:00.000Z' },
    ]
    const { user, router } = await openChat({ answers: all })
    expect(
      await within(await findLog()).findByText(
        /Pronto! Você respondeu todas as perguntas obrigatórias\. Nota da visita: \d+/,
      ),
    ).toBeInTheDocument()
    const review = screen.getByRole('link', { name: 'Revisar relatório' })
    await waitFor(() => expect(review).toHaveFocus())

    await act(() => router.navigate(`/tasks/${SLUG}/form?q=mercado-q10`))
    expect(
      await within(await findLog()).findByText('Vamos mudar esta resposta:'),
    ).toBeInTheDocument()
    const grades = await replies(Q.grade)
    expect(within(grades).getByRole('button', { name: '5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(grades).getByRole('button', { name: '3' }))
    expect(await answerBubble('Nota 3 de 5', Q.grade)).toBeInTheDocument()
    expect(router.state.location.search).toBe('')
    await user.click(screen.getByRole('link', { name: 'Revisar relatório' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/report`))
  })

  it('says to check in first on a task without check-in, and offers no answers', async () => {
    const { router } = await renderRoute('/preparando')
    await act(() => router.navigate('/tasks/T-4827/form'))
    expect(
      await screen.findByText('Faça o check-in antes de preencher o questionário.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
  })

  it('shows the load error and retries', async () => {
    failApi('get', `/tasks/${SLUG}`, 500)
    const { user } = await openChat()
    expect(await screen.findByText('Não foi possível carregar o questionário')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await within(await findLog()).findByText(Q.facade)).toBeInTheDocument()
  })
})
