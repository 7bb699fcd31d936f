/** The visit's forms with hostile input (issue #8): attendant name, typed times, notes. */
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { attendantNameMessages } from '@/domain/attendant-name'
import { countChars } from '@/domain/text-limits'
import { timeEntryMessages } from '@/domain/time-entry'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { fakeBackend } from '@/test/render-route'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'
import { NOTES_MAX_CHARS } from './notes-page'

const SLUG = 'T-4826'
const crashes = watchForCrashes()

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  const task = fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
  await seedDeviceCheckin(DEMO_AGENT_ID, task, 10)
})
afterEach(() => stopTestSync())

describe('the visit’s forms with hostile input', () => {
  it('attendant name, typed time and notes: a pt-BR message next to the field, the text kept', async () => {
    const { user, router } = await openVisit(`/tasks/${SLUG}/checkin/attendants`, DEMO_AGENT_ID)
    const name = await screen.findByRole('textbox', { name: 'Nome do atendente' })
    const add = screen.getByRole('button', { name: 'Adicionar atendente' })
    for (const [input, how, message] of [
      [FORM_INPUTS.emoji, 'type', attendantNameMessages.tooManyWords],
      ['😀 👍🏽', 'type', attendantNameMessages.lettersOnly],
      [FORM_INPUTS.rtl, 'type', attendantNameMessages.lettersOnly],
      [FORM_INPUTS.invisible, 'type', attendantNameMessages.lettersOnly],
      [FORM_INPUTS.markup, 'paste', attendantNameMessages.tooManyWords],
      [FORM_INPUTS.paste10kB, 'paste', attendantNameMessages.tooLong],
      ['   \u00a0 ', 'type', attendantNameMessages.required],
    ] as const) {
      await enter(user, name, input, how)
      await user.click(add)
      expectFieldError(name, message)
      expect(name).toHaveValue(input)
    }
    // Letters of any script are a name: an Arabic name is kept as typed.
    await enter(user, name, 'محمد علي')
    await user.click(add)
    const list = await screen.findByRole('list', { name: 'Atendentes registrados' })
    expect(within(list).getByText('محمد علي', { selector: 'strong' })).toBeInTheDocument()

    await router.navigate(`/tasks/${SLUG}/checkin/times`)
    const queue = await screen.findByRole('region', { name: 'Tempo na fila' })
    const time = within(queue).getByRole('textbox', { name: 'Tempo na fila (mm:ss)' })
    const save = within(queue).getByRole('button', { name: 'Salvar — Tempo na fila' })
    // The field keeps ASCII digits and the colon only (its mask): what is left is shown, and
    // refused with the format's message when it is not a time.
    for (const [input, how, shown] of [
      [FORM_INPUTS.emoji, 'type', ''],
      ['０２:３０', 'type', ''],
      ['١:٣٠', 'type', ''],
      ['1e3x', 'type', '13'],
      [`1${FORM_INPUTS.emoji}2:3`, 'paste', '12:3'],
    ] as const) {
      await enter(user, time, input, how)
      expect(time).toHaveValue(shown)
      if (shown === '13') continue
      await user.click(save)
      expectFieldError(time, timeEntryMessages.badFormat)
      expect(time).toHaveValue(shown)
    }
    // A 10 kB paste of digits: the first four, as mm:ss.
    await enter(user, time, FORM_INPUTS.digits10kB, 'paste')
    expect(time).toHaveValue('12:34')

    await router.navigate(`/tasks/${SLUG}/checkin/notes`)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    await enter(user, notes, FORM_INPUTS.paste10kB, 'paste')
    // The paste is cut at the API's limit, and the counter says so.
    const kept = (notes as HTMLTextAreaElement).value
    expect(kept.length).toBe(NOTES_MAX_CHARS)
    expect(FORM_INPUTS.paste10kB.startsWith(kept)).toBe(true)
    expect(
      screen.getByText(`${countChars(kept)} de ${NOTES_MAX_CHARS} caracteres`),
    ).toBeInTheDocument()
    expect(await screen.findByText('Salvo neste aparelho')).toBeInTheDocument()
    expect(crashes()).toEqual([])
  })
})
