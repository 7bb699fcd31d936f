/** Bank data and withdrawal with hostile input (issue #8). */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { cpfMessages } from '@/domain/cpf'
import { PIX_KEY_MAX_CHARS, pixKeyMessages } from '@/domain/pix-key'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { renderRoute } from '@/test/render-route'
import { walletCopy } from '../copy'

const crashes = watchForCrashes()
const e = walletCopy.bankErrors

describe('wallet forms with hostile input', () => {
  it('bank data: a message on each field, what was typed kept (masked where the field masks)', async () => {
    const { user } = await renderRoute('/account/bank-info')
    const holder = await screen.findByRole('textbox', { name: 'Nome do titular' })
    const cpf = screen.getByRole('textbox', { name: /CPF do titular/ })
    const account = screen.getByRole('textbox', { name: /Conta com dígito/ })
    const pix = screen.getByRole('textbox', { name: /Chave Pix/ })
    await enter(user, holder, FORM_INPUTS.paste10kB, 'paste')
    await enter(user, cpf, `${FORM_INPUTS.emoji}١٢٣`)
    await enter(user, account, FORM_INPUTS.rtl)
    await enter(user, pix, FORM_INPUTS.paste10kB, 'paste')
    await user.click(screen.getByRole('button', { name: 'Salvar dados bancários' }))

    expectFieldError(holder, e.holderNameLong)
    expect(holder).toHaveValue(FORM_INPUTS.paste10kB)
    expectFieldError(cpf, cpfMessages.invalid)
    expect(cpf).toHaveValue('')
    expectFieldError(account, e.account)
    expect(account).toHaveValue(FORM_INPUTS.rtl)
    // The Pix field takes at most the directory's 77 characters of the paste.
    expectFieldError(pix, pixKeyMessages.invalid)
    expect(pix).toHaveValue(FORM_INPUTS.paste10kB.slice(0, PIX_KEY_MAX_CHARS))
    expect(crashes()).toEqual([])
  })

  it('withdrawal amount: emoji, exponent, hex and a 10 kB number are invalid amounts', async () => {
    const { user } = await renderRoute('/account/wallet')
    await user.click(await screen.findByRole('button', { name: 'Sacar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Sacar' })
    const amount = within(sheet).getByRole('textbox', { name: 'Valor do saque (R$)' })
    for (const [input, how] of [
      [FORM_INPUTS.emoji, 'type'],
      ['1e309', 'type'],
      ['0x1F', 'type'],
      ['٤٥,٩٠', 'type'],
      [FORM_INPUTS.digits10kB, 'paste'],
    ] as const) {
      await enter(user, amount, input, how)
      await user.click(within(sheet).getByRole('button', { name: 'Pedir saque' }))
      expectFieldError(amount, walletCopy.amountErrors.invalid)
      expect(amount).toHaveValue(input)
    }
    expect(crashes()).toEqual([])
  })
})
