import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { outboxSummary } from '@/lib/visit-store/outbox'
import { agentVisitDb, queueWrite } from '@/lib/visit-store/store'
import { clearAgentData } from '@/lib/agent-data'
import { currentSession } from '@/lib/session'
import { renderRoute } from '@/test/render-route'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/demo'

async function queueOneWrite() {
  await queueWrite({
    kind: 'checkout',
    taskId: 'tsk_unsent',
    input: { at: '2026-11-21T10:00:00Z', offline: true },
  })
}

// Each test on a phone with nothing of the agent's left by the test before (a write another
// test queued would be counted in its warning, in whatever order they run).
beforeEach(() => clearAgentData({ preview: false, agentId: DEMO_AGENT_ID }))

describe('Sair with visit writes still on the device', () => {
  it('warns first, and keeps everything when the agent goes back', async () => {
    const { user, router } = await renderRoute('/account')
    await queueOneWrite()
    await router.navigate('/logout')
    expect(
      await screen.findByText(/Há 1 item de visita que ainda não foi enviado/),
    ).toBeInTheDocument()
    expect(currentSession()).not.toBeNull()
    await user.click(screen.getByRole('link', { name: 'Ficar e esperar o envio' }))
    // The account screen is a lazy route: the navigation ends when its chunk has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'))
    expect((await outboxSummary(await agentVisitDb())).pending).toBeGreaterThan(0)
  })

  it('signs out anyway when confirmed, wiping the device store', { timeout: 20_000 }, async () => {
    const { user, router } = await renderRoute('/account')
    await queueOneWrite()
    const dbName = (await agentVisitDb()).name
    await router.navigate('/logout')
    await user.click(await screen.findByRole('link', { name: 'Sair mesmo assim' }))
    expect(await screen.findByRole('heading', { name: 'Você saiu' })).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Entrar novamente' })
    expect(currentSession()).toBeNull()
    const names = (await indexedDB.databases()).map((d) => d.name)
    expect(names).not.toContain(dbName)
  })

  it('keeps the visit data when the session merely expired', async () => {
    const { router } = await renderRoute('/account')
    await queueOneWrite()
    const dbName = (await agentVisitDb()).name
    await router.navigate('/logout?expired=1&message=Sua%20sess%C3%A3o%20expirou.')
    expect(await screen.findByText(/continua guardado neste aparelho/)).toBeInTheDocument()
    await screen.findByRole('link', { name: 'Entrar novamente' })
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(dbName)
  })
})

describe('Sair with nothing waiting', () => {
  it("forgets every cached answer of the agent's (the query cache)", async () => {
    const { router, queryClient } = await renderRoute('/oppy')
    await screen.findByRole('heading', { name: 'Oportunidades' })
    await screen.findByRole('list', { name: 'Oportunidades disponíveis' })
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0)
    await router.navigate('/logout')
    await screen.findByRole('link', { name: 'Entrar novamente' })
    expect(currentSession()).toBeNull()
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })
})
