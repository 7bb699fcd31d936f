/**
 * What the agent is told when the browser deleted the device's database (the phone's storage
 * full) with work of a visit unsent — read from the record kept outside IndexedDB — and when
 * the phone is short of room during a visit. At the user's level: the screens' pt-BR words.
 */
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { deleteDB } from 'idb'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { DATABASES, storageKey } from '@/lib/storage-keys'
import { closeVisitDbs } from '@/lib/visit-store/db'
import { agentVisitDb } from '@/lib/visit-store/store'
import type { UnsentRecord } from '@/lib/visit-store/unsent-record'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { startTestSync, stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const MB = 1024 * 1024
const at = (iso: string) =>
  new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })

/** What the record said of a database that the browser then deleted. */
function recordOfADeletedDatabase(taskId: string): UnsentRecord {
  return {
    v: 1,
    db: 'the-database-the-browser-deleted',
    clean: {},
    unsent: [
      {
        taskId,
        slug: SLUG,
        photos: [{ id: 'm1', name: 'IMG_0042.jpg', at: '2026-03-02T13:12:00.000Z', kind: 'photo' }],
        edits: ['notes'],
        checkout: '2026-03-02T13:40:00.000Z',
      },
    ],
    lost: [],
  }
}

/** The visit's task, checked in on the server (the check-in reached it before the phone filled up). */
function checkedInTask() {
  const task = fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
  void fakeBackend.db.tasks.update((q) => q.where({ slug: SLUG }), {
    data(t) {
      t.steps.checkin = {
        at: new Date(fakeBackend.clock.now() - 20 * 60_000).toISOString(),
        lat: t.location.lat,
        lng: t.location.lng,
        accuracy: 10,
      }
    },
  })
  return task
}

/** Opens `path` on a phone whose record says what a deleted database held unsent. */
async function openAfterTheBrowserDeletedIt(path: string) {
  const rendered = await renderRoute('/preparando')
  const task = checkedInTask()
  localStorage.setItem(
    storageKey.unsentRecord(DATABASES.visit(DEMO_AGENT_ID)),
    JSON.stringify(recordOfADeletedDatabase(task.id)),
  )
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  // What the app's sync provider does after the first screen: open the agent's database.
  await agentVisitDb()
  await act(() => rendered.router.navigate(path))
  return rendered
}

beforeEach(async () => {
  await closeVisitDbs()
  await deleteDB(DATABASES.visit(DEMO_AGENT_ID))
})
afterEach(() => {
  stopTestSync()
  Reflect.deleteProperty(navigator, 'storage')
})

describe('a visit the browser deleted from the phone', () => {
  it('the visit names what did not reach the server and what to redo, never “Tudo enviado”; “Entendi” puts it away', async () => {
    const { user } = await openAfterTheBrowserDeletedIt(`/tasks/${SLUG}/checkin`)
    const notice = (await screen.findByText('O navegador apagou dados desta visita')).closest(
      '[role="alert"]',
    ) as HTMLElement
    expect(notice).toHaveTextContent(
      'O armazenamento do celular ficou cheio e o navegador apagou o que o app guardava desta visita e ainda não tinha chegado ao servidor. Isto não foi enviado:',
    )
    const [lost, redo] = within(notice).getAllByRole('list')
    expect(
      within(lost!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `1 foto (“IMG_0042.jpg”, de ${at('2026-03-02T13:12:00.000Z')})`,
      'o que foi preenchido em Observações',
      `o check-out, feito às ${at('2026-03-02T13:40:00.000Z')}`,
    ])
    expect(
      within(redo!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Libere espaço no celular (fotos, vídeos ou apps que você não usa) antes de continuar.',
      'Tire de novo as fotos listadas acima.',
      'Preencha de novo: Observações.',
      'Faça o check-out de novo.',
    ])
    expect(screen.getByText('Dados apagados deste aparelho')).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Controle da visita' })).toBeInTheDocument()
    expect(screen.queryByText('Tudo enviado')).not.toBeInTheDocument()

    await user.click(within(notice).getByRole('button', { name: 'Entendi' }))
    await waitFor(() => expect(notice).not.toBeInTheDocument())
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()
    expect(screen.queryByText('Dados apagados deste aparelho')).not.toBeInTheDocument()
  })

  it('every screen of the app says so, with the way to the visit', async () => {
    const { user, router } = await openAfterTheBrowserDeletedIt('/tasks')
    const alerts = await screen.findByRole('region', { name: 'Dados apagados' })
    expect(
      await within(alerts).findByText('Dados de 1 visita apagados do aparelho'),
    ).toBeInTheDocument()
    await user.click(within(alerts).getByRole('link', { name: 'Ver o que refazer' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin`))
    expect(await screen.findByText('O navegador apagou dados desta visita')).toBeInTheDocument()
  })
})

describe('a phone short of room during a visit', () => {
  it('says how much to free and why, before the device’s database is at risk; “Verificar de novo” measures again', async () => {
    let free = 3 * MB
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: { estimate: () => Promise.resolve({ quota: 100 * MB, usage: 100 * MB - free }) },
    })
    const rendered = await renderRoute('/preparando')
    checkedInTask()
    await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
    await act(() => rendered.router.navigate(`/tasks/${SLUG}/checkin`))
    const title = await screen.findByText('Pouco espaço no aparelho')
    const notice = title.closest('[role="status"]') as HTMLElement
    // The device keeps 8 MB free while a visit is under way: 3 MB left, 5 MB to free.
    expect(notice).toHaveTextContent(
      'Libere 5 MB no celular (fotos, vídeos ou apps que você não usa). Com o armazenamento cheio, o navegador pode apagar o que esta visita guardou e ainda não enviou.',
    )
    free = 200 * MB
    await rendered.user.click(within(notice).getByRole('button', { name: 'Verificar de novo' }))
    await waitFor(() =>
      expect(screen.queryByText('Pouco espaço no aparelho')).not.toBeInTheDocument(),
    )
  })
})
