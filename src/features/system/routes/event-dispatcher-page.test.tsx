import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute } from '@/test/render-route'

describe('Links de evento (/event/:domain)', () => {
  it.each([
    ['/event/task?id=tsk_4822', '/tasks/tsk_4822'],
    ['/event/task?id=T-4822', '/tasks/T-4822'],
    ['/event/notification?slug=pagamento-disponivel-2', '/notifs/pagamento-disponivel-2/read'],
    ['/event/oppy?id=tsk_4821', '/oppy/tsk_4821'],
    ['/event/oppy', '/oppy'],
    ['/event/wallet', '/account/wallet'],
    ['/event/validation?id=T-4826', '/tasks/T-4826/validation'],
    ['/event/notes', '/notes'],
  ])('%s opens %s', async (link, path) => {
    const { router } = await renderRoute(link)
    await waitFor(() => expect(router.state.location.pathname).toBe(path))
    expect(router.state.location.search).toBe('')
    expect(screen.queryByText('Link não reconhecido')).not.toBeInTheDocument()
  })

  it('opens the notification itself', async () => {
    await renderRoute('/event/notification?slug=pagamento-disponivel-2')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento disponível' }),
    ).toBeInTheDocument()
  })

  it.each(['/event/promocao?id=1', '/event/task', '/event/notification?id=1'])(
    '%s is not recognised: home with a snackbar',
    async (link) => {
      const { router } = await renderRoute(link)
      expect(await screen.findByText('Link não reconhecido')).toBeInTheDocument()
      // "/" sends a signed-in agent on to the opportunities.
      await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
      expect(screen.getByText('Link não reconhecido')).toBeInTheDocument()
    },
  )

  it('asks a signed-out visitor to sign in first', async () => {
    const { router } = await renderRoute('/event/wallet', { signedIn: false })
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(JSON.parse(sessionStorage.getItem('avaliador.return-to')!)).toMatchObject({
      path: '/event/wallet',
    })
  })
})
