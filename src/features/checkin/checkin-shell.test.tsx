import 'fake-indexeddb/auto'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { routes } from '@/app/router'
import { SnackbarProvider } from '@/components/snackbar'
import { distanceMeters, outsideRadiusMessage } from '@/domain/geo'
import { deleteDB } from 'idb'
import { DATABASES } from '@/lib/storage-keys'
import { closeVisitDbs, openVisitDb } from '@/lib/visit-store/db'
import { API, fakeBackend, fakeServer, renderRoute, routeLoaded } from '@/test/render-route'
import {
  clearVisitStore,
  mockGeolocation,
  seedDeviceCheckin,
  setDeviceOnline,
} from '@/test/checkin-kit'
import { startTestSync, stopTestSync } from '@/test/visit-kit'
import { documentNavigation } from '@/lib/document-navigation'

/** What the Permissions API says of the location. */
function mockLocationPermission(state: PermissionState) {
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: () => Promise.resolve({ state }) },
  })
}

/** T-4826: the demo agent's first `started` task (mission "mercado": 45 minutes at most). */
const SLUG = 'T-4826'

function seededTask() {
  const task = fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))
  if (!task) throw new Error(`${SLUG} not seeded`)
  return task
}

async function open(path = `/tasks/${SLUG}/checkin`) {
  const rendered = await renderRoute(path)
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  return rendered
}

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
})
afterEach(() => {
  stopTestSync()
  setDeviceOnline(true)
  Reflect.deleteProperty(navigator, 'permissions')
  Reflect.deleteProperty(navigator, 'storage')
})

describe('Check-in', () => {
  it('inside the radius: checks in (also on the server) and opens the control page with the timer', async () => {
    const task = seededTask()
    const calls = mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 12 })
    const { user, router } = await open()
    expect(await screen.findByRole('heading', { name: 'Check-in' })).toBeInTheDocument()
    expect(screen.getByText(task.title)).toBeInTheDocument()
    // No bottom navigation in the visit.
    expect(
      screen.queryByRole('navigation', { name: 'Navegação principal' }),
    ).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(calls[0]).toMatchObject({ enableHighAccuracy: true, timeout: 20_000 })
    const timer = screen.getByRole('link', {
      name: /^Tempo de visita: \d+ segundos?\. Abrir controle$/,
    })
    expect(timer).toHaveAttribute('href', `/tasks/${SLUG}/checkin`)
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin`)
    const pages = screen.getByRole('navigation', { name: 'Páginas da visita' })
    for (const name of [
      'Controle',
      'Instruções',
      'Checklist',
      'Atendentes',
      'Tempos',
      'Fotos',
      'Prêmios',
      'Observações',
    ])
      expect(within(pages).getByRole('link', { name })).toBeInTheDocument()

    await waitFor(() =>
      expect(
        fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))?.steps.checkin,
      ).toBeDefined(),
    )
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()
  })

  it('outside the radius: says how far the agent is and offers to try again', async () => {
    const task = seededTask()
    const away = { lat: task.location.lat + 850 / 111_195, lng: task.location.lng, accuracy: 0 }
    mockGeolocation(away)
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    const message = outsideRadiusMessage(distanceMeters(away, task.location))
    expect(message).toBe('Você está a 850 m do local.')
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getByText('Precisão: ±0 m')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Controle da visita' })).not.toBeInTheDocument()
  })

  it('2.5 km away with a fix of ±3 km: refused for the weak signal, the visit does not start', async () => {
    const task = seededTask()
    mockGeolocation({
      lat: task.location.lat + 2500 / 111_195,
      lng: task.location.lng,
      accuracy: 3000,
    })
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    expect(
      await screen.findByText(
        'Sinal de GPS fraco (±3 km). Vá para um lugar aberto e tente de novo.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Precisão: ±3 km')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Controle da visita' })).not.toBeInTheDocument()
    expect(screen.queryByText(/^Você está a/)).not.toBeInTheDocument()
    const db = await openVisitDb(DEMO_AGENT_ID)
    expect(await db.getAll('outbox')).toEqual([])
  })

  it('says what the check-in asks of the signal', async () => {
    await open()
    expect(
      await screen.findByText(
        'O check-in é aceito até 300 m do endereço, com o sinal de GPS preciso até ±100 m.',
      ),
    ).toBeInTheDocument()
  })

  it('shows the reading accuracy', async () => {
    const task = seededTask()
    mockGeolocation({ lat: task.location.lat + 0.05, lng: task.location.lng, accuracy: 12 })
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByText('Precisão: ±12 m')).toBeInTheDocument()
  })

  it('position refused where the browser would ask again: says so, and “Tentar de novo” asks in a new page', async () => {
    // Safari and WebKit answer every later request of the same page with the first refusal:
    // only a new page asks again.
    mockGeolocation({ errorCode: 1 })
    mockLocationPermission('prompt')
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {})
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    const notice = await screen.findByText('Localização não permitida')
    expect(notice.closest('[role]') ?? notice.parentElement).toHaveTextContent(/escolha “Permitir”/)
    expect(screen.queryByText('A localização está bloqueada')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(assign).toHaveBeenCalledWith(`/tasks/${SLUG}/checkin?localizacao=perguntar`)
    assign.mockRestore()
  })

  it('opened by that “Tentar de novo”: asks for the location at once and checks in', async () => {
    const task = seededTask()
    const calls = mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 9 })
    const { router } = await open(`/tasks/${SLUG}/checkin?localizacao=perguntar`)
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
    expect(router.state.location.search).toBe('')
  })

  it('position blocked in the browser’s settings: the help to unblock it, and a retry in the page', async () => {
    const calls = mockGeolocation({ errorCode: 1 })
    mockLocationPermission('denied')
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByText('A localização está bloqueada')).toBeInTheDocument()
    const help = screen.getByRole('link', { name: 'Como permitir a localização' })
    const href = new URL(help.getAttribute('href')!, location.origin)
    expect(href.pathname).toBe('/permissions/position')
    expect(href.searchParams.get('next')).toBe(`/tasks/${SLUG}/checkin`)
    // Unblocked in the settings meanwhile: the same page reads the position.
    const task = seededTask()
    mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 9 })
    mockLocationPermission('granted')
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(calls).toHaveLength(1)
  })

  it('position unavailable or slow: a pt-BR message and a retry', async () => {
    mockGeolocation({ errorCode: 2 })
    const { user } = await open()
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByText(/Não foi possível obter sua localização/)).toBeInTheDocument()
    mockGeolocation({ errorCode: 3 })
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByText(/A localização demorou demais/)).toBeInTheDocument()
  })

  it('before the visit starts, says how much room to free on a nearly full phone, and still checks in', async () => {
    const MB = 1024 * 1024
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: () => Promise.resolve({ usage: 90 * MB, quota: 100 * MB }) },
    })
    const task = seededTask()
    mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 12 })
    const { user } = await open()
    const title = await screen.findByText('Pouco espaço no aparelho')
    // 25 MB a visit needs, 10 MB free.
    expect(title.closest('[role="status"]')).toHaveTextContent('Libere 15 MB')
    await user.click(screen.getByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
  })

  it('with room on the phone, warns of nothing', async () => {
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: () => Promise.resolve({ usage: 0, quota: 1024 * 1024 * 1024 }) },
    })
    await open()
    await screen.findByRole('button', { name: 'Fazer check-in' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText(/pouco espaço/i)).not.toBeInTheDocument()
  })

  it('checks in with no connection: kept on the device, sent once the connection returns', async () => {
    const task = seededTask()
    mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 8 })
    const { user, queryClient } = await open()
    const button = await screen.findByRole('button', { name: 'Fazer check-in' })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)
    expect(
      await screen.findByText('Sem conexão — tudo fica salvo neste aparelho'),
    ).toBeInTheDocument()

    await user.click(button)
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(await screen.findByText('1 alteração aguardando envio')).toBeInTheDocument()
    expect(screen.getByText(/O check-in está guardado neste aparelho/)).toBeInTheDocument()
    expect(
      fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))?.steps.checkin,
    ).toBeUndefined()

    fakeServer.resetHandlers()
    setDeviceOnline(true)
    await waitFor(() =>
      expect(
        fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))?.steps.checkin?.accuracy,
      ).toBe(8),
    )
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()
  })
})

describe('Check-in shell', () => {
  it('after a reload, restores the visit and the timer from the stored check-in time', async () => {
    await seedDeviceCheckin(DEMO_AGENT_ID, seededTask(), 12)
    await open()
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(
      screen.getByRole('link', {
        name: /^Tempo de visita: 12 minutos e \d+ segundos?\. Abrir controle$/,
      }),
    ).toBeInTheDocument()
    expect(within(screen.getByRole('main')).getByText(/^12:\d\d$/)).toBeInTheDocument()
  })

  it('reloaded with no connection mid-visit, opens the visit from the device and keeps saving', async () => {
    await seedDeviceCheckin(DEMO_AGENT_ID, seededTask(), 5)
    const first = await open()
    await screen.findByText('Tudo enviado')
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0))
    await waitFor(async () =>
      expect(await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826')).toBeDefined(),
    )

    // The tab is closed and opened again with no connection: a new app, same device storage.
    cleanup()
    stopTestSync()
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const router = createMemoryRouter(routes, { initialEntries: [`/tasks/${SLUG}/checkin/notes`] })
    render(
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>,
    )
    await routeLoaded(router)
    await startTestSync(DEMO_AGENT_ID, queryClient)
    const user = userEvent.setup()

    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    expect(
      screen.getByRole('link', {
        name: /^Tempo de visita: 5 minutos e \d+ segundos?\. Abrir controle$/,
      }),
    ).toBeInTheDocument()
    expect(screen.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeInTheDocument()
    await user.type(notes, 'Sem sinal na loja.')
    expect(await screen.findByText('Salvo neste aparelho')).toBeInTheDocument()
    expect(await screen.findByText('1 alteração aguardando envio')).toBeInTheDocument()

    fakeServer.resetHandlers()
    setDeviceOnline(true)
    await waitFor(() =>
      expect(fakeBackend.db.reports.findFirst((q) => q.where({ id: 'rep_4826' }))?.notes).toBe(
        'Sem sinal na loja.',
      ),
    )
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()
  })

  it('a check-in confirmed after the task was read is kept with it: reopened with no connection and without the device’s database, the visit opens where it was', async () => {
    // The page read the task before the device's check-in reached the server; then it did.
    // The check-in is sent by a loop that does not refresh this page's queries (the service
    // worker's background sync does the same), so the page's task stays the one it read.
    await seedDeviceCheckin(DEMO_AGENT_ID, seededTask(), 5)
    const first = await renderRoute(`/tasks/${SLUG}/checkin`)
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0))
    expect(seededTask().steps.checkin).toBeUndefined()
    await startTestSync(DEMO_AGENT_ID)
    await screen.findByText('Tudo enviado')
    expect(seededTask().steps.checkin).toBeDefined()

    // The browser deleted the database (a full phone); the app is opened again with no connection.
    cleanup()
    stopTestSync()
    await closeVisitDbs()
    await deleteDB(DATABASES.visit(DEMO_AGENT_ID))
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const router = createMemoryRouter(routes, { initialEntries: [`/tasks/${SLUG}/checkin`] })
    render(
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>,
    )
    await routeLoaded(router)
    await startTestSync(DEMO_AGENT_ID, queryClient)

    // Checked in, at its time: not sent back to the check-in.
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(
      await screen.findByText(/^Check-in (em \d\d\/\d\d\/\d{4} )?às \d\d:\d\d/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Fazer check-in' })).not.toBeInTheDocument()

    fakeServer.resetHandlers()
    setDeviceOnline(true)
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
  })

  it('at the mission’s maximum time, sends the agent to check out', async () => {
    await seedDeviceCheckin(DEMO_AGENT_ID, seededTask(), 50)
    const { user, router } = await open(`/tasks/${SLUG}/checkin/notes`)
    expect(await screen.findByRole('heading', { name: 'Tempo esgotado' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin/timeout`)
    expect(screen.getByText('O tempo máximo da visita acabou')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Páginas da visita' })).not.toBeInTheDocument()

    // The button waits for the draft (what is missing) before it checks out.
    const checkout = screen.getByRole('button', { name: 'Fazer check-out' })
    await waitFor(() => expect(checkout).not.toHaveAttribute('aria-busy'))
    await user.click(checkout)
    // Something is still missing: the sheet says what first (timeout-page.test.tsx).
    await user.click(await screen.findByRole('button', { name: 'Fazer check-out mesmo assim' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/form`))
    await waitFor(() =>
      expect(fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))?.status.code).toBe(
        'visited',
      ),
    )
  })

  it('sends a task that is not being visited back to its hub', async () => {
    const { router } = await open('/tasks/T-4828/checkin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks/T-4828'))
  })

  it('a check-in the server refused for its position: says so, offers a new check-in (never a retry of the same position), and the new one goes', async () => {
    const task = seededTask()
    await seedDeviceCheckin(DEMO_AGENT_ID, task, 5, {
      lat: task.location.lat + 0.05,
      lng: task.location.lng,
    })
    const { user } = await open()
    const refused = await screen.findByRole('alert')
    expect(refused).toHaveTextContent('O servidor não aceitou o check-in')
    expect(within(refused).getByText(/^Você está a .* do local\.$/)).toBeInTheDocument()
    expect(refused).toHaveTextContent(
      'Enviar de novo teria a mesma resposta. No local da visita, faça o check-in de novo',
    )
    expect(
      within(refused)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Fazer check-in de novo'])
    expect(screen.getByText('1 envio recusado')).toBeInTheDocument()

    // At the place now: the refused check-in leaves the phone, and the new one reaches the server.
    mockGeolocation({ lat: task.location.lat, lng: task.location.lng, accuracy: 9 })
    await user.click(within(refused).getByRole('button', { name: 'Fazer check-in de novo' }))
    await user.click(await screen.findByRole('button', { name: 'Fazer check-in' }))
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    await waitFor(() =>
      expect(
        fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))?.steps.checkin?.accuracy,
      ).toBe(9),
    )
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()
    expect(screen.queryByText('1 envio recusado')).not.toBeInTheDocument()
  })

  it('with no connection and nothing on the device, says so; back online, “Tentar de novo” opens the visit', async () => {
    fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
    setDeviceOnline(false)
    const { queryClient, user } = await open()
    expect(await screen.findByText('Sem conexão', { selector: 'p' })).toBeInTheDocument()
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    expect(screen.getByText(/ainda não foi aberta neste aparelho/)).toBeInTheDocument()

    // The phone says it is offline until its own `online` event; the server answers again.
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('button', { name: 'Fazer check-in' })).toBeInTheDocument()
    setDeviceOnline(true)
  })

  it('says when the visit cannot load, and retries', async () => {
    fakeServer.use(
      http.get(`${API}/tasks/:id`, () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Erro',
            status: 500,
            code: 'server_error',
            detail: 'Falha simulada no servidor.',
          },
          { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    )
    const { user } = await open()
    expect(await screen.findByText('Não foi possível carregar a visita')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('heading', { name: 'Check-in' })).toBeInTheDocument()
  })
})
