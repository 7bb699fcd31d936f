import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { formatCpf } from '@/domain/cpf'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

const storedBank = () =>
  fakeBackend.db.banks.findFirst((q) => q.where({ ownerId: DEMO_AGENT_ID }))?.bank
const profile = () => fakeBackend.db.profiles.findFirst((q) => q.where({ agentId: DEMO_AGENT_ID }))!
const save = () => screen.getByRole('button', { name: 'Salvar dados bancários' })

describe('Dados bancários', () => {
  it('shows the registered account and saves a change', async () => {
    const { user } = await renderRoute('/account/bank-info')
    const bank = storedBank()!
    expect(await screen.findByRole('textbox', { name: 'Nome do titular' })).toHaveValue(
      bank.holderName,
    )
    expect(screen.getByRole('textbox', { name: /CPF do titular/ })).toHaveValue(formatCpf(bank.cpf))
    expect(screen.getByRole('combobox', { name: 'Banco' })).toHaveDisplayValue(
      '260 — Nu Pagamentos (Nubank)',
    )
    expect(screen.getByRole('radio', { name: 'Corrente' })).toBeChecked()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Banco' }), '341')
    await user.click(screen.getByRole('radio', { name: 'Poupança' }))
    const pix = screen.getByRole('textbox', { name: /Chave Pix/ })
    await user.clear(pix)
    await user.click(save())
    expect(await screen.findByText('Dados bancários salvos')).toBeInTheDocument()
    expect(storedBank()).toMatchObject({ bankCode: '341', accountType: 'poupanca' })
    expect(storedBank()?.pixKey).toBeUndefined()
  })

  it('explains an invalid CPF next to the field and keeps everything typed', async () => {
    const { user } = await renderRoute('/account/bank-info')
    const cpf = await screen.findByRole('textbox', { name: /CPF do titular/ })
    await user.clear(cpf)
    await user.type(cpf, '12345678900')
    expect(cpf).toHaveValue('123.456.789-00')
    const branch = screen.getByRole('textbox', { name: 'Agência (sem dígito)' })
    await user.clear(branch)
    await user.type(branch, '1234')
    await user.click(save())
    expect(cpf).toHaveAccessibleDescription(
      expect.stringContaining('CPF inválido. Confira os 11 números.'),
    )
    expect(cpf).toHaveAttribute('aria-invalid', 'true')
    expect(cpf).toHaveFocus()
    expect(cpf).toHaveValue('123.456.789-00')
    expect(branch).toHaveValue('1234')
    expect(storedBank()?.branch).toBe('0001')
  })

  it('checks the account digit and the Pix key with their own messages', async () => {
    const { user } = await renderRoute('/account/bank-info')
    const account = await screen.findByRole('textbox', { name: /Conta com dígito/ })
    await user.clear(account)
    await user.type(account, '1234567')
    const pix = screen.getByRole('textbox', { name: /Chave Pix/ })
    await user.clear(pix)
    await user.type(pix, 'ana@exemplo')
    await user.click(save())
    expect(account).toHaveAccessibleDescription(
      expect.stringContaining('Conta inválida. Informe os números e o dígito'),
    )
    expect(pix).toHaveAccessibleDescription(
      expect.stringContaining('E-mail inválido para chave Pix.'),
    )
    expect(account).toHaveFocus()
    expect(pix).toHaveValue('ana@exemplo')
  })

  it('takes any other bank by its 3-digit code', async () => {
    const { user } = await renderRoute('/account/bank-info')
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Banco' }), 'Outro banco')
    const code = screen.getByRole('textbox', { name: 'Código do banco (3 números)' })
    await user.type(code, '74')
    await user.click(save())
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('O código do banco tem 3 números.'),
    )
    await user.type(code, '8')
    await user.click(save())
    expect(await screen.findByText('Dados bancários salvos')).toBeInTheDocument()
    expect(storedBank()?.bankCode).toBe('748')
  })

  it('starts a first registration from the profile and returns to the wallet', async () => {
    const { user, router } = await renderRoute('/account/bank-info?next=%2Faccount%2Fwallet', {
      scenario: 'new-agent',
    })
    expect(await screen.findByRole('textbox', { name: 'Nome do titular' })).toHaveValue(
      profile().fullName,
    )
    expect(screen.getByRole('textbox', { name: /CPF do titular/ })).toHaveValue(
      formatCpf(profile().cpf),
    )
    await user.click(save())
    expect(screen.getByRole('combobox', { name: 'Banco' })).toHaveAccessibleDescription(
      expect.stringContaining('Escolha o banco.'),
    )
    expect(screen.getByText('Escolha o tipo de conta.')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Banco' }), '001')
    await user.type(screen.getByRole('textbox', { name: 'Agência (sem dígito)' }), '1234')
    await user.type(screen.getByRole('textbox', { name: /Conta com dígito/ }), '98765-0')
    await user.click(screen.getByRole('radio', { name: 'Corrente' }))
    await user.click(save())
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/wallet'))
    expect(storedBank()).toMatchObject({
      bankCode: '001',
      branch: '1234',
      account: '98765-0',
      cpf: profile().cpf,
    })
  })

  it('shows the server’s field errors next to the fields', async () => {
    const { user } = await renderRoute('/account/bank-info')
    await screen.findByRole('textbox', { name: 'Nome do titular' })
    failApi('put', '/wallet/bank', 422, {
      type: 'about:blank',
      title: 'Dados inválidos',
      status: 422,
      code: 'validation_failed',
      detail: 'Confira os campos destacados.',
      fields: [{ field: 'bankCode', message: 'Este banco não aceita contas de pessoa física.' }],
    })
    await user.click(save())
    const bank = screen.getByRole('combobox', { name: 'Banco' })
    expect(
      await screen.findByText('Este banco não aceita contas de pessoa física.'),
    ).toBeInTheDocument()
    expect(bank).toHaveAttribute('aria-invalid', 'true')
    expect(bank).toHaveFocus()
  })

  it('keeps the form when saving fails, and saves on a second try', async () => {
    const { user } = await renderRoute('/account/bank-info')
    const branch = await screen.findByRole('textbox', { name: 'Agência (sem dígito)' })
    await user.clear(branch)
    await user.type(branch, '4321')
    failApi('put', '/wallet/bank', 500)
    await user.click(save())
    expect(
      await screen.findByText('Não foi possível salvar os dados bancários.'),
    ).toBeInTheDocument()
    expect(branch).toHaveValue('4321')
    fakeServer.resetHandlers()
    await user.click(save())
    expect(await screen.findByText('Dados bancários salvos')).toBeInTheDocument()
    expect(storedBank()?.branch).toBe('4321')
  })

  it('says so when the data cannot load, and retries', async () => {
    failApi('get', '/wallet', 500)
    const { user } = await renderRoute('/account/bank-info')
    expect(
      await screen.findByText('Não foi possível carregar seus dados bancários'),
    ).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('textbox', { name: 'Nome do titular' })).toBeInTheDocument()
  })
})
