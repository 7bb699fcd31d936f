/**
 * The report's forms with hostile input (issue #8): questionnaire text and number answers,
 * written testimony, tax receipt, pendency answers.
 */
import 'fake-indexeddb/auto'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import type { Answer } from '@/api/entities'
import { cnpjMessages } from '@/domain/cnpj'
import { countChars } from '@/domain/text-limits'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { receiptMessages } from '@/features/report/parts/receipts/tax-receipt-input'
import { CORRECTED_VALUE_MAX_CHARS } from '@/features/validation/pendency-answers'
import { resetVisitDevice, startTestSync } from '@/test/visit-kit'

const crashes = watchForCrashes()

beforeEach(async () => {
  window.matchMedia = ((query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia
  await resetVisitDevice(DEMO_AGENT_ID)
})
afterEach(() => resetVisitDevice(DEMO_AGENT_ID))

async function open(path: string, prepare?: () => Promise<void>) {
  const rendered = await renderRoute('/preparando')
  // The sync loop as the app runs it: with the screen's query client, which it refreshes.
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  await prepare?.()
  await act(() => rendered.router.navigate(path))
  return rendered
}

const at = '2026-01-01T10:00:00.000Z'
/** Answers up to "O atendente ofereceu o programa de fidelidade?" = Sim: the text question is next. */
const UP_TO_LOYALTY_HOW: Answer[] = (
  [
    ['mercado-q1', true],
    ['mercado-q2', true],
    ['mercado-q3', '01:30'],
    ['mercado-q4', 'evd_teste_1'],
    ['mercado-q5', 'perguntou'],
    ['mercado-q6', true],
    ['mercado-q7', ['ouviu', 'explicou']],
    ['mercado-q8', true],
  ] as const
).map(([questionId, value]) => ({ questionId, value: value as Answer['value'], answeredAt: at }))

describe('the report’s forms with hostile input', () => {
  it('questionnaire: an invisible answer is no answer, hex and exponents are no numbers', async () => {
    const { user } = await open('/tasks/T-4826/form', async () => {
      await fakeBackend.db.tasks.update((q) => q.where({ slug: 'T-4826' }), {
        data(t) {
          t.steps.checkin = { at, lat: t.location.lat, lng: t.location.lng, accuracy: 10 }
        },
      })
      await fakeBackend.db.reports.update((q) => q.where({ id: 'rep_4826' }), {
        data(r) {
          r.version = 1
          r.answers = UP_TO_LOYALTY_HOW
          r.evidences = [
            {
              id: 'evd_teste_1',
              kind: 'photo',
              url: '/api/media/evd_teste_1/content',
              bytes: 1000,
              takenAt: at,
            },
          ]
        },
      })
    })
    const text = await screen.findByRole('textbox', { name: 'Escreva sua resposta' })
    for (const input of [FORM_INPUTS.invisible, ' \u00a0\u202e ']) {
      await enter(user, text, input)
      await user.click(screen.getByRole('button', { name: 'Enviar' }))
      expectFieldError(text, 'Escreva a resposta antes de enviar.')
      expect(text).toHaveValue(input)
    }
    // RTL text with markup is an answer like any other, shown as text.
    const answer = `${FORM_INPUTS.rtl} ${FORM_INPUTS.markup}`
    await enter(user, text, answer, 'paste')
    await user.click(screen.getByRole('button', { name: 'Enviar' }))
    const log = await screen.findByRole('log', { name: 'Conversa com o Avaliador' })
    expect(await within(log).findByText(answer)).toBeInTheDocument()
    expect(document.querySelector('img[src="x"]')).toBeNull()

    await user.click(
      within(
        await screen.findByRole('group', { name: 'De 1 a 5, qual nota você dá ao atendimento?' }),
      ).getByRole('button', { name: '4' }),
    )
    const number = await screen.findByRole('textbox', { name: 'Número' })
    for (const [input, how] of [
      ['0x1F', 'type'],
      ['1e1', 'type'],
      ['Infinity', 'type'],
      ['٣', 'type'],
      [FORM_INPUTS.emoji, 'type'],
      [FORM_INPUTS.digits10kB, 'paste'],
    ] as const) {
      await enter(user, number, input, how)
      await user.click(screen.getByRole('button', { name: 'Enviar' }))
      expectFieldError(number, 'Informe um número de 0 a 50.')
      expect(number).toHaveValue(input)
    }
    expect(crashes()).toEqual([])
  })

  it('testimony and tax receipt: the counter counts what the agent sees, each field says what is wrong', async () => {
    const { user, router } = await open('/tasks/T-4828/report/testimony')
    const testimony = await screen.findByRole('textbox', { name: 'Depoimento' })
    await enter(user, testimony, FORM_INPUTS.paste10kB, 'paste')
    const length = countChars(FORM_INPUTS.paste10kB.trim())
    expect(screen.getByText(`${length} de 1000 caracteres`)).toBeInTheDocument()
    expectFieldError(testimony, `Use no máximo 1000 caracteres (${length - 1000} a mais).`)
    expect(testimony).toHaveValue(FORM_INPUTS.paste10kB)
    await enter(user, testimony, '👨‍👩‍👧‍👦'.repeat(7), 'paste')
    // Seven families are 49 code points: what the counter shows, and what the rule counts.
    expect(screen.getByText('49 de 1000 caracteres')).toBeInTheDocument()

    await act(() => router.navigate('/tasks/T-4828/report/tax-receipts'))
    const form = await screen.findByRole('form', { name: /cupom/i })
    const field = (name: string) =>
      within(form).getByLabelText(name, { exact: false, selector: 'input' })
    await enter(user, field('CNPJ do estabelecimento'), `${FORM_INPUTS.emoji}١١٢٢٢`)
    await enter(user, field('Número do cupom'), FORM_INPUTS.paste10kB, 'paste')
    await enter(user, field('Valor total (R$)'), '1e309')
    await user.click(within(form).getByRole('button', { name: 'Salvar cupom' }))
    expectFieldError(field('CNPJ do estabelecimento'), cnpjMessages.required)
    expect(field('CNPJ do estabelecimento')).toHaveValue('')
    // The number field takes 40 characters of the paste and says the receipt number is shorter.
    expectFieldError(field('Número do cupom'), receiptMessages.numberTooLong)
    expect(field('Número do cupom')).toHaveValue(FORM_INPUTS.paste10kB.slice(0, 40))
    expectFieldError(field('Valor total (R$)'), receiptMessages.amountInvalid)
    expect(field('Valor total (R$)')).toHaveValue('1e309')
    expect(within(form).getByText(receiptMessages.photo)).toBeInTheDocument()
    expect(crashes()).toEqual([])
  })

  it('pendency answers: justification and corrected time with hostile text, kept on the device', async () => {
    const { user } = await open('/tasks/T-4830/validation/times')
    const justification = await screen.findByRole('textbox', { name: 'Justificativa' })
    const corrected = screen.getByRole('textbox', { name: 'Valor corrigido (opcional)' })
    await enter(user, justification, '😀'.repeat(49), 'paste')
    // A time takes ASCII digits only (the colon goes in by itself): full-width ones are dropped.
    await enter(user, corrected, '０４:３０043')
    await user.tab()
    expectFieldError(justification, 'Escreva pelo menos 50 caracteres (falta 1).')
    expectFieldError(corrected, 'Use o formato mm:ss, por exemplo 02:30.')
    expect(justification).toHaveValue('😀'.repeat(49))
    expect(corrected).toHaveValue('04:3')
    await enter(user, justification, FORM_INPUTS.paste10kB, 'paste')
    await user.tab()
    const length = countChars(FORM_INPUTS.paste10kB.trim())
    expectFieldError(justification, `Use no máximo 1000 caracteres (${length - 1000} a mais).`)
    expect(screen.getByRole('button', { name: 'Enviar respostas' })).toBeDisabled()
    expect(crashes()).toEqual([])
  })

  it('pendency answers: a 10 kB corrected value is cut to what the API takes', async () => {
    const { user } = await open('/tasks/T-4830/validation/evidences')
    const corrected = await screen.findByRole('textbox', { name: 'Valor corrigido (opcional)' })
    await enter(user, corrected, FORM_INPUTS.paste10kB, 'paste')
    expect(corrected).toHaveValue(FORM_INPUTS.paste10kB.slice(0, CORRECTED_VALUE_MAX_CHARS))
    expect(crashes()).toEqual([])
  })
})
