/** Sign-in with hostile input (issue #8): the phone and the code, typed and pasted. */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { phoneMessages } from '@/domain/phone'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { repeatTo } from '@/test/hostile-strings'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { peekSignInCode } from '../../../../mocks/handlers/auth'

const crashes = watchForCrashes()

describe('Entrar with hostile input', () => {
  it('the phone field keeps only the masked digits and explains what is wrong', async () => {
    const { user } = await renderRoute('/login', { signedIn: false })
    const field = await screen.findByLabelText('Celular com DDD')
    const submit = screen.getByRole('button', { name: 'Receber código' })
    for (const [input, how, shown] of [
      [FORM_INPUTS.emoji, 'type', ''],
      [`${FORM_INPUTS.rtl} ١١٩٨٧٦٥٤٣٢١`, 'paste', ''],
      [FORM_INPUTS.paste10kB, 'paste', ''],
      [`${FORM_INPUTS.markup}9`, 'paste', '+55 (19'], // the "1" of alert(1), then 9
    ] as const) {
      await enter(user, field, input, how)
      expect(field, input.slice(0, 30)).toHaveValue(shown)
      await user.click(submit)
      expectFieldError(field, phoneMessages.invalid)
      expect(field).toHaveValue(shown)
    }
    // Digits hidden in 10 kB of noise are read, and the number is masked to one phone.
    await enter(user, field, `😀11\u202E98765-4321${FORM_INPUTS.paste10kB}`, 'paste')
    expect(field).toHaveValue('+55 (11) 98765-4321')
    await user.click(submit)
    expect(await screen.findByRole('heading', { name: 'Código enviado' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    const code = await screen.findByLabelText('Código')
    const wrong =
      peekSignInCode(fakeBackend.context, '+5511987654321') === '000000' ? '111111' : '000000'
    const codeCases: Array<[string, 'type' | 'paste', string]> = [
      [FORM_INPUTS.emoji, 'type', ''],
      ['１２３٤٥٦', 'paste', ''],
      [`12${FORM_INPUTS.invisible}3`, 'type', '123'],
      [repeatTo(wrong), 'paste', wrong],
    ]
    for (const [input, how, shown] of codeCases) {
      await enter(user, code, input, how)
      expect(code).toHaveValue(shown)
      await user.click(screen.getByRole('button', { name: 'Entrar' }))
      if (shown.length < 6) {
        expectFieldError(code, 'O código tem 6 dígitos.')
        expect(code).toHaveValue(shown)
      }
    }
    expect(await screen.findByText(/Código incorreto/)).toBeInTheDocument()
    expect(crashes()).toEqual([])
  })
})
