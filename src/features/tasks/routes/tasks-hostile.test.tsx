/** Cancel and reschedule with hostile input (issue #8). */
import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { countChars } from '@/domain/text-limits'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { dateTimeMessages } from '@/components/date-field'
import { maskDate, readDateText } from '@/lib/date-text'

const crashes = watchForCrashes()

describe('task forms with hostile input', () => {
  it('cancel justification counts what the agent sees; reschedule refuses a date that is not one', async () => {
    const { user, router } = await renderRoute('/tasks')
    const task = fakeBackend.db.tasks.findFirst((q) =>
      q.where((t) => t.agentId === 'agt_demo' && t.status.code === 'started'),
    )!
    await act(() => router.navigate(`/tasks/${task.slug}`))
    await user.click(await screen.findByRole('button', { name: 'Cancelar tarefa' }))
    const sheet = await screen.findByRole('dialog', { name: 'Cancelar tarefa' })
    const field = within(sheet).getByLabelText('Justificativa')
    const submit = within(sheet).getByRole('button', { name: 'Cancelar a tarefa' })

    // 49 emoji are 49 characters on screen (98 UTF-16 units): one short of 50.
    await enter(user, field, '😀'.repeat(49), 'paste')
    expect(within(sheet).getByText('49/1000')).toBeInTheDocument()
    await user.click(submit)
    expectFieldError(field, 'Escreva pelo menos 50 caracteres (falta 1).')
    expect(field).toHaveValue('😀'.repeat(49))

    await enter(user, field, FORM_INPUTS.paste10kB, 'paste')
    const length = countChars(FORM_INPUTS.paste10kB.trim())
    expect(within(sheet).getByText(`${length}/1000`)).toBeInTheDocument()
    await user.click(submit)
    expectFieldError(field, `Use no máximo 1000 caracteres (${length - 1000} a mais).`)
    expect(field).toHaveValue(FORM_INPUTS.paste10kB)
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status.code).toBe(
      'started',
    )
    await user.click(within(sheet).getByRole('button', { name: 'Voltar' }))

    await act(() => router.navigate(`/tasks/${task.slug}/reschedule`))
    const group = await screen.findByRole('group', { name: 'Nova data e horário' })
    const date = within(group).getByLabelText('Data')
    for (const text of [
      FORM_INPUTS.emoji,
      FORM_INPUTS.markup,
      '9999-99-99T99:99',
      FORM_INPUTS.paste10kB,
    ]) {
      // The date field keeps only digits in dd/mm/aaaa, and says what is wrong in pt-BR.
      fireEvent.change(date, { target: { value: text } })
      const shown = maskDate(text)
      expect(date).toHaveValue(shown)
      expect(shown).toMatch(/^[\d/]{0,10}$/)
      await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
      expectFieldError(
        date,
        readDateText(shown) ? /Escolha uma data/ : /Data inválida|Escolha a nova data/,
      )
      expect(date).toHaveValue(shown)
    }
    fireEvent.change(date, { target: { value: '9999-99-99T99:99' } })
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expectFieldError(date, dateTimeMessages.dateInvalid)
    expect(crashes()).toEqual([])
  })
})
