import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import fc from 'fast-check'
import { useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { formatPhoneMask } from '@/domain/phone'
import { applyMask, MaskedField } from './masked-field'

const digitsOf = (s: string) => s.replace(/\D/g, '')

describe('applyMask', () => {
  it('puts the caret after the digits it was after', () => {
    expect(applyMask(formatPhoneMask, '113', 3)).toEqual({ value: '+55 (11) 3', caret: 10 })
    expect(applyMask(formatPhoneMask, '1198765321', 7)).toEqual({
      value: '+55 (11) 98765-321',
      caret: 14,
    })
    // A digit typed between the two of the area code.
    expect(applyMask(formatPhoneMask, '+55 (131', 6)).toEqual({ value: '+55 (13) 1', caret: 6 })
    expect(applyMask(formatPhoneMask, '+', 1)).toEqual({ value: '+', caret: 1 })
  })

  it('for any typing, the value is the mask and the digits before the caret are those typed before it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789 +-()'), maxLength: 16 }),
        fc.nat(),
        (typed, at) => {
          const caret = at % (typed.length + 1)
          const next = applyMask(formatPhoneMask, typed, caret)
          expect(next.value).toBe(formatPhoneMask(typed))
          expect(next.caret).toBeGreaterThanOrEqual(0)
          expect(next.caret).toBeLessThanOrEqual(next.value.length)
          const kept = digitsOf(formatPhoneMask(typed.slice(0, caret)))
          // Where the mask keeps those digits at the head of the whole, the caret is after them.
          if (digitsOf(next.value).startsWith(kept))
            expect(digitsOf(next.value.slice(0, next.caret))).toBe(kept)
        },
      ),
    )
  })
})

function Phone({ initial = '' }: { initial?: string }) {
  const [phone, setPhone] = useState(initial)
  return (
    <>
      <MaskedField
        label="Celular"
        name="phone"
        mask={formatPhoneMask}
        value={phone}
        onChange={setPhone}
      />
      <output>{phone}</output>
    </>
  )
}

describe('MaskedField', () => {
  it('a digit typed in the middle goes where it was typed, and the caret stays after it', async () => {
    const user = userEvent.setup()
    render(<Phone />)
    const field = screen.getByLabelText<HTMLInputElement>('Celular')
    await user.type(field, '1198765321')
    expect(field).toHaveValue('+55 (11) 98765-321')
    await user.type(field, '4', { initialSelectionStart: 14, initialSelectionEnd: 14 })
    expect(field).toHaveValue('+55 (11) 98765-4321')
    expect(field.selectionStart).toBe(16)
    expect(screen.getByRole('status')).toHaveTextContent('+55 (11) 98765-4321')
  })

  it('adopts what the prerendered field took before the app did, caret included', async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Phone />)
    document.body.append(container)
    const field = container.querySelector('input')!
    // Typed in the HTML before the app started, the caret taken back before "321".
    field.focus()
    field.value = '1198765321'
    field.setSelectionRange(7, 7)
    await act(async () => {
      hydrateRoot(container, <Phone />)
    })
    expect(field).toHaveValue('+55 (11) 98765-321')
    expect(field.selectionStart).toBe(14)
    expect(container.querySelector('output')).toHaveTextContent('+55 (11) 98765-321')
    await userEvent.setup().keyboard('4')
    expect(field).toHaveValue('+55 (11) 98765-4321')
    container.remove()
  })
})
