import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { API, fakeBackend, fakeServer, renderRoute, routeLoaded } from '@/test/render-route'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { startTestSync, stopTestSync } from '@/test/visit-kit'
import { holdTheClock } from '@/test/hold-clock'
import { checkedOutState } from '@/features/visit/checked-out'
import * as store from '@/lib/visit-store/store'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => {
  stopTestSync()
  setDeviceOnline(true)
})

describe('Controle da visita', () => {
  it('shows the elapsed time and what is still missing, with links to the pages', async () => {
    await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    const missing = await screen.findByRole('region', { name: 'O que ainda falta' })
    expect(await within(missing).findByText('Falta 1 atendente')).toBeInTheDocument()
    // One phrase per part, as a person writes it.
    expect(within(missing).getByText('Tempo na fila e Tempo de atendimento')).toBeInTheDocument()
    expect(within(missing).getByText('Falta 1 foto')).toBeInTheDocument()
    expect(within(missing).getByText('Falta o cupom fiscal')).toBeInTheDocument()
    expect(within(missing).getByRole('link', { name: 'Abrir Atendentes' })).toHaveAttribute(
      'href',
      `/tasks/${SLUG}/checkin/attendants`,
    )
    expect(screen.getByText('Duração máxima: 45 minutos', { exact: false })).toBeInTheDocument()
  })

  it.each([
    ['the same day: the time', new Date(2026, 10, 28, 14, 0), 'Check-in às 13:50'],
    [
      'past midnight: the date and the time',
      new Date(2026, 10, 28, 0, 5),
      'Check-in em 27/11/2026 às 23:55',
    ],
  ])('says when the check-in was made — %s', async (_, now, said) => {
    holdTheClock()
    vi.setSystemTime(now)
    await clearVisitStore(DEMO_AGENT_ID)
    await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
    await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    expect(await screen.findByText(said, { exact: false })).toBeInTheDocument()
  })

  it('checks out online after confirming what is missing, then opens the questionnaire', async () => {
    const { user, router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByText('Falta 1 atendente')
    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    const sheet = await screen.findByRole('dialog', { name: 'Fazer check-out agora?' })
    expect(within(sheet).getByText('Falta 1 atendente')).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: 'Fazer check-out mesmo assim' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/form`))
    // The chat opens saying the check-out was registered, and when.
    expect(
      await screen.findByText(/^Check-out registrado às \d{2}:\d{2}\. Agora responda/),
    ).toBeInTheDocument()
    await waitFor(() => expect(serverTask().status.code).toBe('visited'))
    expect(serverTask().steps.checkout?.offline).toBe(false)
  })

  it('opens the questionnaire even when the visit is read again before the check-out’s write returns', async () => {
    // A busy phone: the store says "checked out" (and the shell reads it again) a moment
    // before the button's write returns and it opens the next page. The shell must not take
    // the record for a check-out made earlier and send the agent to its offline page.
    const record = store.recordCheckout
    const slowWrite = vi.spyOn(store, 'recordCheckout').mockImplementation(async (...args) => {
      await record(...args)
      await new Promise((resolve) => setTimeout(resolve, 300))
    })
    onTestFinished(() => slowWrite.mockRestore())
    const { user, router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    const opened: string[] = []
    const unsubscribe = router.subscribe((state) => opened.push(state.location.pathname))
    await screen.findByText('Falta 1 atendente')
    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    const sheet = await screen.findByRole('dialog', { name: 'Fazer check-out agora?' })
    await user.click(within(sheet).getByRole('button', { name: 'Fazer check-out mesmo assim' }))
    expect(
      await screen.findByText(/^Check-out registrado às \d{2}:\d{2}\. Agora responda/),
    ).toBeInTheDocument()
    unsubscribe()
    expect(opened.filter((path) => path !== `/tasks/${SLUG}/checkin`)).toEqual([
      `/tasks/${SLUG}/form`,
    ])
  })

  it('keeps visiting when the agent changes their mind', async () => {
    const { user, router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByText('Falta 1 atendente')
    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    await user.click(await screen.findByRole('button', { name: 'Continuar a visita' }))
    // The next screen's code loaded (lazy): the router is there only then.
    await routeLoaded(router)
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin`)
    expect(serverTask().status.code).toBe('started')
  })

  it('opens the offline check-out page from the button with its time, before the visit is read again with it', async () => {
    // The button records the check-out and navigates at once: the page it opens may render
    // before the device's record of the visit is read again (here it never says checked out).
    const { router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByText('Falta 1 atendente')
    setDeviceOnline(false)
    await act(() =>
      router.navigate(`/tasks/${SLUG}/checkin/offline-checkout`, {
        state: checkedOutState(new Date().toISOString()),
      }),
    )
    expect(await screen.findByRole('heading', { name: 'Check-out guardado' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin/offline-checkout`)
  })

  it('checks out offline: kept on the device, sent exactly once when the connection returns', async () => {
    const { user, router, queryClient } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByText('Falta 1 atendente')
    await screen.findByText('Tudo enviado')
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)

    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    await user.click(await screen.findByRole('button', { name: 'Fazer check-out mesmo assim' }))
    expect(await screen.findByRole('heading', { name: 'Check-out guardado' })).toBeInTheDocument()
    // Said once, by the page's title.
    expect(screen.getAllByText('Check-out guardado')).toHaveLength(1)
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin/offline-checkout`)
    expect(screen.getByText(/será enviado automaticamente, uma única vez/)).toBeInTheDocument()
    expect(await screen.findByText(/^Check-out: /)).toBeInTheDocument()
    expect(serverTask().status.code).toBe('started')
    // No visit pages once checked out.
    expect(screen.queryByRole('navigation', { name: 'Páginas da visita' })).not.toBeInTheDocument()

    fakeServer.resetHandlers()
    setDeviceOnline(true)
    expect(await screen.findByRole('heading', { name: 'Check-out enviado' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Responder o questionário' })).toHaveAttribute(
      'href',
      `/tasks/${SLUG}/form`,
    )
    expect(serverTask().status.code).toBe('visited')
    expect(serverTask().steps.checkout?.offline).toBe(true)

    // Another "online" changes nothing: the server got it once.
    setDeviceOnline(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Stored answers are scoped to the caller: `<agent>:checkout:<task>`.
    const replies = fakeBackend.db.idempotentReplies.findMany((q) =>
      q.where((r) => r.route.endsWith(`:checkout:${serverTask().id}`)),
    )
    expect(replies).toHaveLength(1)
    expect(replies[0]!.status).toBe(200)
  })

  // Issue 38: a 503 with Retry-After is the server's minutes, not the agent's connection.
  it('says the server is in maintenance, and until when, while the check-in waits for it', async () => {
    // Rendering resets the fake backend (and its faults): the fault goes on before the sync.
    const { queryClient } = await renderRoute(`/tasks/${SLUG}/checkin`)
    fakeBackend.addFaults({
      method: 'PUT',
      path: '/tasks/{id}/checkin/byPosition',
      fault: 'unavailable',
      retryAfter: 120,
    })
    await startTestSync(DEMO_AGENT_ID, queryClient)
    const notice = await screen.findByText(
      /^O que você registrou continua neste aparelho e será enviado quando ele voltar \(nova tentativa às \d{2}:\d{2}\)\. Não é a sua conexão/,
    )
    const status = notice.closest('[role="status"]') as HTMLElement
    expect(within(status).getByText('O servidor está em manutenção')).toBeInTheDocument()
    expect(status).toHaveTextContent('1 alteração aguardando envio')
    expect(serverTask().steps.checkin).toBeUndefined()
  })

  it('offers no "Tentar enviar agora" for a check-out the server asked to wait for', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByText('Falta 1 atendente')
    await screen.findByText('Tudo enviado')
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)
    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    await user.click(await screen.findByRole('button', { name: 'Fazer check-out mesmo assim' }))
    expect(await screen.findByRole('heading', { name: 'Check-out guardado' })).toBeInTheDocument()

    fakeServer.resetHandlers()
    fakeBackend.addFaults({
      method: 'PUT',
      path: '/tasks/{id}/checkout',
      fault: 'unavailable',
      retryAfter: 120,
    })
    setDeviceOnline(true)
    expect(
      await screen.findByText(
        /O servidor está em manutenção: o check-out está guardado neste aparelho e será enviado automaticamente, uma única vez, quando ele voltar \(nova tentativa às \d{2}:\d{2}\)/,
      ),
    ).toBeInTheDocument()
    // Pressing would send nothing before the time the server named: no button that does nothing.
    expect(screen.queryByRole('button', { name: 'Tentar enviar agora' })).not.toBeInTheDocument()
    expect(serverTask().status.code).toBe('started')
  })
})
