import { describe, expect, it } from 'vitest'
import { ApiError, apiErrorMessage } from './api-error'

const refusal = (fields?: Array<{ field: string; message: string }>) =>
  new ApiError({
    status: 422,
    code: 'validation_failed',
    message: 'Confira os campos destacados.',
    method: 'POST',
    path: '/wallet/withdrawals',
    problem: {
      type: 'about:blank',
      title: 'Dados inválidos',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
      ...(fields ? { fields } : {}),
    },
  })

describe('apiErrorMessage', () => {
  it('a refusal of fields the screen does not mark says what to change in them', () => {
    expect(
      apiErrorMessage(
        refusal([
          { field: 'amountCents', message: 'O valor mínimo do saque é R$ 1,00.' },
          { field: 'note', message: 'Use no máximo 300 caracteres.' },
        ]),
      ),
    ).toBe('O valor mínimo do saque é R$ 1,00. Use no máximo 300 caracteres.')
  })

  it('otherwise the server’s detail, or the pt-BR fallback', () => {
    expect(apiErrorMessage(refusal())).toBe('Confira os campos destacados.')
    expect(apiErrorMessage(new Error('x'))).toBe('Algo deu errado. Tente de novo.')
  })
})
