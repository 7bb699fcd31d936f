/**
 * Every action does what its words say (issue #42): each action of an alert above the screens
 * and of a notice inside them, tapped as the agent would, reaches the state its words promise.
 * The actions tested elsewhere are listed in docs/product/routes.md ("Alerts and notices: what
 * each action does"), with the test that taps each.
 */
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { resetVisitDevice } from '@/test/visit-kit'
import { openVisitDb } from '@/lib/visit-store/db'
import { enqueue } from '@/lib/visit-store/outbox'
import { announceOfflineReady } from '@/lib/app-update'

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name })
const taskBySlug = (slug: string) => fakeBackend.db.tasks.findFirst((q) => q.where({ slug }))!

beforeEach(() => resetVisitDevice(DEMO_AGENT_ID))
afterEach(() => resetVisitDevice(DEMO_AGENT_ID))

describe('the alerts above every screen', () => {
  it('“Responder” opens the tasks with pendencies', async () => {
    const { user } = await renderRoute('/oppy', { scenario: 'contested' })
    const alerts = await screen.findByRole('region', { name: 'Avisos' })
    await user.click(within(alerts).getByRole('link', { name: 'Responder' }))
    expect(await h1('Pendências de validação')).toBeInTheDocument()
  })

  it('“Ler” opens the bulletins, with the new one', async () => {
    const { user } = await renderRoute('/oppy')
    const alerts = await screen.findByRole('region', { name: 'Avisos' })
    await user.click(within(alerts).getByRole('link', { name: 'Ler' }))
    expect(await h1('Comunicados')).toBeInTheDocument()
    const unread = fakeBackend.db.bulletins.findMany((q) => q.where({ readAt: null }))
    expect(unread.length).toBeGreaterThan(0)
    for (const bulletin of unread) expect(await screen.findByText(bulletin.title)).toBeVisible()
  })
})

describe('what the app says about itself', () => {
  it('“Pronto para usar sem internet”: its close button puts it away, and it does not come back on the next screen', async () => {
    const { user, router } = await renderRoute('/oppy')
    await screen.findByRole('heading', { level: 1 })
    act(() => announceOfflineReady())
    // Said from the next screen on (never pushing this one down under the agent's thumb).
    await act(() => router.navigate('/tasks'))
    const about = await screen.findByRole('region', { name: 'Sobre o aplicativo' })
    expect(within(about).getByText('Pronto para usar sem internet')).toBeInTheDocument()
    await user.click(
      within(about).getByRole('button', { name: 'Dispensar o aviso de uso sem internet' }),
    )
    await waitFor(() =>
      expect(screen.queryByText('Pronto para usar sem internet')).not.toBeInTheDocument(),
    )
    await act(() => router.navigate('/oppy'))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByText('Pronto para usar sem internet')).not.toBeInTheDocument()
  })
})

describe('the notices inside the screens', () => {
  it('a task that is not visited yet: the report’s “Ir para a tarefa” opens the task', async () => {
    const slug = 'T-4826'
    const { user } = await renderRoute(`/tasks/${slug}/report`)
    await user.click(await screen.findByRole('link', { name: 'Ir para a tarefa' }))
    expect(await h1(taskBySlug(slug).title)).toBeInTheDocument()
  })

  it('a report under validation: “Ver o status da tarefa” opens its status', async () => {
    const { user } = await renderRoute('/tasks/T-4829/report')
    await user.click(await screen.findByRole('link', { name: 'Ver o status da tarefa' }))
    expect(await h1('Status da tarefa')).toBeInTheDocument()
  })

  it('a contested report: “Responder pendências” opens the pendencies', async () => {
    const { user } = await renderRoute('/tasks/T-4830/report')
    await user.click(await screen.findByRole('link', { name: 'Responder pendências' }))
    expect(await h1('Pendências')).toBeInTheDocument()
    expect(await screen.findByRole('navigation', { name: 'Partes com pendências' })).toBeVisible()
  })

  it('the chat of a sent report: “Ver relatório enviado” opens the task’s status', async () => {
    const { user } = await renderRoute('/tasks/T-4829/form')
    await user.click(await screen.findByRole('link', { name: 'Ver relatório enviado' }))
    expect(await h1('Status da tarefa')).toBeInTheDocument()
  })

  it('the chat before the check-in: “Ir para a tarefa” opens the task', async () => {
    const slug = 'T-4826'
    const { user } = await renderRoute(`/tasks/${slug}/form`)
    await user.click(await screen.findByRole('link', { name: 'Ir para a tarefa' }))
    expect(await h1(taskBySlug(slug).title)).toBeInTheDocument()
  })

  it('a visit that cannot be rescheduled: “Voltar para a tarefa” opens the task', async () => {
    const slug = 'T-4829'
    const { user } = await renderRoute(`/tasks/${slug}/reschedule`)
    await user.click(await screen.findByRole('link', { name: 'Voltar para a tarefa' }))
    expect(await h1(taskBySlug(slug).title)).toBeInTheDocument()
  })

  it('an offer already accepted: “Ver minhas tarefas” opens the tasks', async () => {
    const { user, router } = await renderRoute('/rota-inexistente')
    const offer = fakeBackend.db.opportunities.findFirst((q) => q.where({ status: 'pending' }))!
    await fakeBackend.db.opportunities.update((q) => q.where({ taskId: offer.taskId }), {
      data(o) {
        o.status = 'accepted'
      },
    })
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    expect(await screen.findByText('Você já aceitou esta oportunidade')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ver minhas tarefas' }))
    expect(await h1('Tarefas')).toBeInTheDocument()
  })

  it('a notification that could not be marked read: “Tentar de novo” marks it read', async () => {
    const { user, router } = await renderRoute('/rota-inexistente')
    const unread = fakeBackend.db.notifications.findFirst((q) =>
      q.where({ ownerId: DEMO_AGENT_ID, readAt: null }),
    )!
    failApi('put', `/notifications/${unread.slug}/read`, 500)
    await act(() => router.navigate(`/notifs/${unread.slug}/read`))
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' })
    fakeServer.resetHandlers()
    await user.click(retry)
    await waitFor(() =>
      expect(
        fakeBackend.db.notifications.findFirst((q) => q.where({ slug: unread.slug }))!.readAt,
      ).not.toBeNull(),
    )
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument(),
    )
  })

  it('pendencies already answered: “Ver o status da tarefa” opens the status', async () => {
    const slug = 'T-4830'
    const { user, router } = await renderRoute('/rota-inexistente')
    const revision = fakeBackend.db.revisions.findFirst((q) =>
      q.where({ taskId: taskBySlug(slug).id }),
    )
    await fakeBackend.db.revisions.update((q) => q.where({ id: revision!.id }), {
      data(r) {
        r.status = 'answered'
      },
    })
    await act(() => router.navigate(`/tasks/${slug}/validation`))
    await user.click(await screen.findByRole('link', { name: 'Ver o status da tarefa' }))
    expect(await h1('Status da tarefa')).toBeInTheDocument()
  })

  it('no bank details yet: “Cadastrar dados bancários” opens the form, which leads back to the wallet', async () => {
    const { user } = await renderRoute('/account/wallet', { scenario: 'new-agent' })
    await user.click(await screen.findByRole('link', { name: 'Cadastrar dados bancários' }))
    expect(await h1('Dados bancários')).toBeInTheDocument()
  })

  it('a check-out the server will never take: “Falar com o suporte” opens the help with the contact', async () => {
    const { user, router } = await renderRoute('/rota-inexistente')
    const task = taskBySlug('T-4826')
    const db = await openVisitDb(DEMO_AGENT_ID)
    await db.put('visits', {
      taskId: task.id,
      slug: task.slug,
      reportId: task.reportId,
      checkin: {
        at: new Date(Date.now() - 30 * 60_000).toISOString(),
        lat: task.location.lat,
        lng: task.location.lng,
        accuracy: 10,
        synced: true,
      },
      checkout: { at: new Date().toISOString(), offline: true, synced: false },
    })
    const item = await enqueue(db, {
      kind: 'checkout',
      taskId: task.id,
      input: { at: new Date().toISOString(), offline: true },
    })
    await db.put('outbox', {
      ...item,
      state: 'failed',
      lastError: {
        code: 'deadline_passed',
        status: 422,
        message: 'O prazo desta tarefa já passou.',
      },
    })
    await act(() => router.navigate(`/tasks/${task.slug}/checkin/offline-checkout`))
    const refused = (await screen.findAllByRole('alert')).find((a) =>
      a.textContent?.includes('O servidor não aceitou o check-out'),
    )!
    expect(refused).toHaveTextContent('O prazo desta tarefa já passou.')
    expect(within(refused).queryByRole('button', { name: /Tentar/ })).not.toBeInTheDocument()
    await user.click(within(refused).getByRole('link', { name: 'Falar com o suporte' }))
    expect(await h1('Ajuda')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Fale com o suporte' })).toBeVisible()
  })
})
