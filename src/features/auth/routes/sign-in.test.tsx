import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { peekSignInCode } from '../../../../mocks/handlers/auth'
import { keptWorkOnDevice, noteKeptWork } from '@/lib/kept-work'
import { currentSession } from '@/lib/session'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { holdTheClock } from '@/test/hold-clock'

const PHONE = '+5511987654321'

async function requestCode() {
  const rendered = await renderRoute('/login', { signedIn: false })
  const { user } = rendered
  await user.type(await screen.findByLabelText('Celular com DDD'), '11987654321')
  await user.click(screen.getByRole('button', { name: 'Receber código' }))
  await screen.findByRole('heading', { name: 'Código enviado' })
  return rendered
}

/**
 * Sends the typed wrong code again and again, each time once the server answered the last try
 * (as an agent reads the message before trying again; the button waits while a try is out),
 * from `left` tries left down to the lock.
 */
async function tryUntilLocked(user: Awaited<ReturnType<typeof requestCode>>['user'], left: number) {
  for (; left > 0; left--) {
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    const tries = left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`
    await screen.findByText(`Código incorreto. ${tries}.`)
  }
  await user.click(screen.getByRole('button', { name: 'Entrar' }))
}

describe('Entrar', () => {
  it('masks the phone as it is typed', async () => {
    const { user } = await renderRoute('/login', { signedIn: false })
    const field = await screen.findByLabelText('Celular com DDD')
    await user.type(field, '11987654321')
    expect(field).toHaveValue('+55 (11) 98765-4321')
  })

  it('refuses an invalid phone next to the field and keeps it', async () => {
    const { user } = await renderRoute('/login', { signedIn: false })
    const field = await screen.findByLabelText('Celular com DDD')
    await user.type(field, '119876')
    await user.click(screen.getByRole('button', { name: 'Receber código' }))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(/Informe um celular válido com DDD/)
    expect(field).toHaveValue('+55 (11) 9876')
  })

  it('goes on to wait for the code for a number no agent has, as for any (decision 0013)', async () => {
    const { user } = await renderRoute('/login', { signedIn: false })
    await user.type(await screen.findByLabelText('Celular com DDD'), '21912345678')
    await user.click(screen.getByRole('button', { name: 'Receber código' }))
    await screen.findByRole('heading', { name: 'Código enviado' })
    expect(
      screen.getByText(/Se este celular estiver cadastrado, enviamos um código para/),
    ).toHaveTextContent('+55 (21) 91234-5678 por SMS')
  })

  it('locks the resend for 60 s with a countdown', async () => {
    holdTheClock()
    await requestCode()
    expect(screen.getByText(/enviamos um código para/)).toHaveTextContent(
      '+55 (11) 98765-4321 por SMS',
    )
    expect(screen.getByRole('button', { name: 'Reenviar código em 60 s' })).toBeDisabled()
    vi.setSystemTime(Date.now() + 1_000)
    expect(await screen.findByRole('button', { name: 'Reenviar código em 59 s' })).toBeDisabled()
  })

  it('signs in with the right code and opens the offers', async () => {
    const { user, router } = await requestCode()
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    await user.type(
      await screen.findByLabelText('Código'),
      peekSignInCode(fakeBackend.context, PHONE)!,
    )
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
    expect(await screen.findByRole('heading', { name: 'Oportunidades' })).toBeInTheDocument()
    expect(currentSession()?.token).toBeTruthy()
  })

  it.each([
    ['its own session', 'agt_demo', '/tasks'],
    ['another agent’s session (a shared phone): dropped', 'agt_outro', '/oppy'],
    ['no known session (an older version’s)', undefined, '/tasks'],
  ])('after signing in, the way back left by %s', async (_, agentId, landing) => {
    const { user, router } = await requestCode()
    sessionStorage.setItem(
      'avaliador.return-to',
      agentId ? JSON.stringify({ path: '/tasks', agentId }) : '/tasks',
    )
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    await user.type(
      await screen.findByLabelText('Código'),
      peekSignInCode(fakeBackend.context, PHONE)!,
    )
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(landing))
    expect(sessionStorage.getItem('avaliador.return-to')).toBeNull()
  })

  it('says whose visit waits on the phone — the first name, how many, nothing of the visit — and not once that agent is back', async () => {
    const { user, router } = await renderRoute('/activation/error', { signedIn: false })
    await noteKeptWork({ agentId: 'agt_outro', firstName: 'Bruno', visits: 1, since: 'x' })
    await noteKeptWork({ agentId: 'agt_demo', firstName: 'Ana', visits: 2, since: 'y' })
    await router.navigate('/login')
    expect(await screen.findByText('Visita de Bruno guardada neste aparelho')).toBeInTheDocument()
    expect(screen.getByText('2 visitas de Ana guardadas neste aparelho')).toBeInTheDocument()
    expect(
      screen.getByText(/Ela será enviada quando Bruno entrar de novo aqui/),
    ).toBeInTheDocument()
    // Ana signs in: her visits go with her session from now on; Bruno's still wait.
    await user.type(await screen.findByLabelText('Celular com DDD'), '11987654321')
    await user.click(screen.getByRole('button', { name: 'Receber código' }))
    await user.click(await screen.findByRole('button', { name: 'Digitar o código' }))
    await user.type(
      await screen.findByLabelText('Código'),
      peekSignInCode(fakeBackend.context, PHONE)!,
    )
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
    expect(keptWorkOnDevice().map((w) => w.agentId)).toEqual(['agt_outro'])
  })

  it('counts down the tries on a wrong code, then asks for a new code when locked', async () => {
    holdTheClock()
    const { user } = await requestCode()
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    const field = await screen.findByLabelText('Código')
    const right = peekSignInCode(fakeBackend.context, PHONE)!
    const wrong = right === '000000' ? '111111' : '000000'
    await user.type(field, wrong)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Código incorreto. Restam 4 tentativas.')).toBeInTheDocument()
    expect(field).toHaveValue(wrong)
    for (const tries of ['Restam 3 tentativas', 'Restam 2 tentativas', 'Resta 1 tentativa']) {
      await user.click(screen.getByRole('button', { name: 'Entrar' }))
      await screen.findByText(`Código incorreto. ${tries}.`)
    }
    // The fifth try comes 6 s after the code was sent: the wait still starts at 60 s.
    fakeBackend.context.clock.advance(6_000)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText(/Você errou o código muitas vezes/)).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(
      /^Você poderá pedir um novo código em 60 s\.$/,
    )
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pedir novo código' })).toHaveAttribute(
      'href',
      '/login',
    )
  })

  it('says how long the code lasts and how many tries there are', async () => {
    const { user } = await requestCode()
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    expect(
      await screen.findByText(/^O código vale até \d{2}:\d{2}\. Você tem até 5 tentativas\.$/),
    ).toBeInTheDocument()
  })

  it('an expired code asks for a new one, even when it is the right code', async () => {
    const { user } = await requestCode()
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    await user.type(
      await screen.findByLabelText('Código'),
      peekSignInCode(fakeBackend.context, PHONE)!,
    )
    fakeBackend.context.clock.advance(10 * 60_000)
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Este código expirou. Peça um novo código.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Entrar' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Pedir novo código' })).toHaveAttribute(
      'href',
      '/login',
    )
    expect(currentSession()).toBeNull()
  })

  it('after a lock and its wait, a new code signs the agent in', async () => {
    const { user } = await requestCode()
    await user.click(screen.getByRole('button', { name: 'Digitar o código' }))
    const right = peekSignInCode(fakeBackend.context, PHONE)!
    await user.type(
      await screen.findByLabelText('Código'),
      right === '000000' ? '111111' : '000000',
    )
    await tryUntilLocked(user, 4)
    await screen.findByText(/Você errou o código muitas vezes/)
    // A minute later on the server: a new code may be asked for right away.
    fakeBackend.context.clock.advance(60_000)
    await user.click(screen.getByRole('link', { name: 'Pedir novo código' }))
    await user.click(await screen.findByRole('button', { name: 'Receber código' }))
    await user.click(await screen.findByRole('button', { name: 'Digitar o código' }))
    await user.type(
      await screen.findByLabelText('Código'),
      peekSignInCode(fakeBackend.context, PHONE)!,
    )
    await user.click(screen.getByRole('button', { name: 'Entrar' }))
    expect(await screen.findByRole('heading', { name: 'Oportunidades' })).toBeInTheDocument()
  })

  it('pre-fills the code from the SMS link', async () => {
    const { router } = await requestCode()
    await router.navigate('/login/allow?otp=482913')
    expect(await screen.findByLabelText('Código')).toHaveValue('482913')
  })
})

describe('Sair', () => {
  it('clears the session and the agent data, and shows the message', async () => {
    localStorage.setItem('avaliador.outbox-test', 'x')
    const { router } = await renderRoute('/logout?message=At%C3%A9%20logo')
    expect(await screen.findByRole('heading', { name: 'Você saiu' })).toBeInTheDocument()
    expect(screen.getByText('Até logo')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Entrar novamente' })).toBeInTheDocument()
    expect(currentSession()).toBeNull()
    expect(Object.keys(localStorage).filter((k) => k.startsWith('avaliador'))).toEqual([])
    expect(router.state.location.pathname).toBe('/logout')
  })

  it('a session that expires mid-way sends to /logout with a message, then back to where the agent was', async () => {
    const { router, queryClient } = await renderRoute('/oppy')
    // The offers shown (not only the heading, which comes first): their read has answered, so
    // the refetch below asks the server again rather than joining that first read.
    await screen.findByRole('list', { name: 'Oportunidades disponíveis' })
    fakeBackend.db.sessions.deleteMany((q) => q.where({ token: 'demo-token' }))
    await queryClient.refetchQueries()
    expect(await screen.findByRole('heading', { name: 'Você saiu' })).toBeInTheDocument()
    expect(screen.getByText(/Sua sessão expirou/)).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/logout')
    await screen.findByRole('link', { name: 'Entrar novamente' })
    // The way back, and whose it is (another agent signing in does not take it).
    expect(JSON.parse(sessionStorage.getItem('avaliador.return-to')!)).toEqual({
      path: '/oppy',
      agentId: 'agt_demo',
    })
  })
})
