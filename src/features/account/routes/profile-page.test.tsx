import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

const storedProfile = () =>
  fakeBackend.db.profiles.findFirst((q) => q.where({ agentId: DEMO_AGENT_ID }))!

async function openEditor() {
  const rendered = await renderRoute('/account/profile')
  await rendered.user.click(await screen.findByRole('button', { name: 'Editar perfil' }))
  return rendered
}

describe('Perfil', () => {
  it('shows the profile, edits it, and says so', async () => {
    const { user } = await renderRoute('/account/profile')
    const profile = storedProfile()
    expect(await screen.findByText(profile.fullName)).toBeInTheDocument()
    expect(screen.getByText('+55 (11) 98765-4321')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Editar perfil' }))
    const name = screen.getByRole('textbox', { name: 'Nome completo' })
    expect(name).toHaveValue(profile.fullName)
    await user.clear(name)
    await user.type(name, 'Joana Maria Prado')
    const cep = screen.getByRole('textbox', { name: /CEP/ })
    await user.clear(cep)
    await user.type(cep, '01304001')
    expect(cep).toHaveValue('01304-001')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado (UF)' }), 'RJ')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    expect(await screen.findByText('Perfil atualizado')).toBeInTheDocument()
    expect(await screen.findByText('Joana Maria Prado')).toBeInTheDocument()
    expect(storedProfile()).toMatchObject({
      fullName: 'Joana Maria Prado',
      address: { zip: '01304001', state: 'RJ' },
    })
    // The short name in the account follows the new full name.
    await waitFor(() =>
      expect(fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))?.name).toBe(
        'Joana Prado',
      ),
    )
  })

  it('explains a bad e-mail next to the field and keeps what was typed', async () => {
    const { user } = await openEditor()
    const email = screen.getByRole('textbox', { name: 'E-mail' })
    await user.clear(email)
    await user.type(email, 'joana@exemplo')
    const street = screen.getByRole('textbox', { name: 'Rua' })
    await user.clear(street)
    await user.type(street, 'Rua Nova')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))

    expect(email).toHaveAccessibleDescription(
      'E-mail inválido. Confira, por exemplo: nome@exemplo.com.br',
    )
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveFocus()
    expect(email).toHaveValue('joana@exemplo')
    expect(street).toHaveValue('Rua Nova')
    expect(storedProfile().email).not.toBe('joana@exemplo')

    await user.type(email, '.com.br')
    expect(email).not.toHaveAttribute('aria-invalid')
  })

  it('checks the CEP and the required address fields', async () => {
    const { user } = await openEditor()
    const cep = screen.getByRole('textbox', { name: /CEP/ })
    await user.clear(cep)
    await user.type(cep, '0130')
    await user.clear(screen.getByRole('textbox', { name: 'Bairro' }))
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(cep).toHaveAccessibleDescription(/CEP inválido/)
    expect(cep).toHaveValue('0130')
    expect(screen.getByRole('textbox', { name: 'Bairro' })).toHaveAccessibleDescription(
      'Informe o bairro.',
    )
  })

  it('shows the server’s field errors next to the fields, keeping the values', async () => {
    const { user } = await openEditor()
    const birth = screen.getByLabelText('Data de nascimento')
    await user.clear(birth)
    await user.type(birth, '20052015')
    expect(birth).toHaveValue('20/05/2015')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(
      await screen.findByText('Você precisa ter pelo menos 18 anos para ser avaliador.'),
    ).toBeInTheDocument()
    expect(birth).toHaveAttribute('aria-invalid', 'true')
    expect(birth).toHaveValue('20/05/2015')
    expect(screen.getByRole('button', { name: 'Salvar alterações' })).toBeInTheDocument()
  })

  it('keeps the form when saving fails, and saves on a second try', async () => {
    const { user } = await openEditor()
    const display = screen.getByRole('textbox', { name: 'Como quer ser chamado(a)' })
    await user.clear(display)
    await user.type(display, 'Jô')
    failApi('put', '/me/profile', 500)
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Não foi possível salvar o perfil.')).toBeInTheDocument()
    expect(display).toHaveValue('Jô')
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('Perfil atualizado')).toBeInTheDocument()
    expect(storedProfile().displayName).toBe('Jô')
  })

  it('says so when the profile cannot load, and retries', async () => {
    failApi('get', '/me/profile', 500)
    const { user } = await renderRoute('/account/profile')
    expect(await screen.findByText('Não foi possível carregar seu perfil')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('button', { name: 'Editar perfil' })).toBeInTheDocument()
  })
})
