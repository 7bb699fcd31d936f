/** The profile form with hostile input (issue #8). */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { renderRoute } from '@/test/render-route'
import { accountCopy } from '../copy'

const crashes = watchForCrashes()
const e = accountCopy.errors

describe('Perfil with hostile input', () => {
  it('a 10 kB name, an emoji e-mail and a CEP of garbage: a message on each field, the text kept', async () => {
    const { user } = await renderRoute('/account/profile')
    await user.click(await screen.findByRole('button', { name: 'Editar perfil' }))
    const fullName = screen.getByRole('textbox', { name: 'Nome completo' })
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    const cep = screen.getByRole('textbox', { name: /CEP/ })
    const city = screen.getByRole('textbox', { name: 'Cidade' })
    await enter(user, fullName, FORM_INPUTS.paste10kB, 'paste')
    await enter(user, email, `ana${FORM_INPUTS.emoji}@exemplo`)
    await enter(user, cep, FORM_INPUTS.rtl)
    await enter(user, city, FORM_INPUTS.markup, 'paste')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    expectFieldError(fullName, e.fullNameLong)
    expect(fullName).toHaveValue(FORM_INPUTS.paste10kB)
    expectFieldError(email, e.email)
    expect(email).toHaveValue(`ana${FORM_INPUTS.emoji}@exemplo`)
    expectFieldError(cep, e.zip)
    expect(cep).toHaveValue('') // the CEP mask keeps digits only
    // Markup in a free-text field is text: accepted as typed, never rendered as HTML.
    expect(city).not.toHaveAttribute('aria-invalid')
    expect(city).toHaveValue(FORM_INPUTS.markup)
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(crashes()).toEqual([])
  })
})
