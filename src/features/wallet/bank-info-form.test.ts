import { describe, expect, it } from 'vitest'
import { readBankForm, type BankFormValues } from './bank-info-form'

const valid: BankFormValues = {
  holderName: '  Ana   Paula Souza ',
  cpf: '529.982.247-25',
  bankChoice: '260',
  otherBankCode: '',
  branch: '0001',
  account: '1234567-x',
  accountType: 'corrente',
  pixKey: '',
}

describe('readBankForm', () => {
  it('builds the request from what was typed', () => {
    expect(readBankForm(valid)).toEqual({
      ok: true,
      bank: {
        holderName: 'Ana Paula Souza',
        cpf: '52998224725',
        bankCode: '260',
        branch: '0001',
        account: '1234567-X',
        accountType: 'corrente',
      },
    })
  })

  it('uses the typed code for another bank and keeps a valid Pix key', () => {
    const result = readBankForm({
      ...valid,
      bankChoice: 'outro',
      otherBankCode: '748',
      pixKey: 'Ana@Exemplo.com.br',
    })
    expect(result).toMatchObject({
      ok: true,
      bank: { bankCode: '748', pixKey: 'ana@exemplo.com.br' },
    })
  })

  it('says what is wrong with each field, in pt-BR', () => {
    const result = readBankForm({
      holderName: 'Ana',
      cpf: '111.111.111-11',
      bankChoice: 'outro',
      otherBankCode: '7',
      branch: '12-3',
      account: '123456',
      accountType: '',
      pixKey: '+55 11 1234',
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        holderName: 'Informe o nome completo do titular.',
        cpf: 'CPF inválido. Confira os 11 números.',
        branch: 'Agência inválida. Use até 5 números, sem o dígito.',
        account: 'Conta inválida. Informe os números e o dígito, por exemplo 1234567-8.',
        accountType: 'Escolha o tipo de conta.',
        pixKey: expect.stringMatching(/^Celular inválido para chave Pix/),
        otherBankCode: 'O código do banco tem 3 números.',
      },
    })
  })
})
