/**
 * Bad links (issue #8): every parameterised route of the app, opened with an unknown id, a
 * malformed percent-encoding, a 10 kB id, "../..", markup or emoji, answers with a pt-BR
 * "não encontrada" message and a way back — never a blank page, the crash page or an
 * uncaught error. Absurd query strings are ignored by the screens that read none and read
 * safely by those that do.
 */
import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { watchForCrashes } from '@/test/hostile-form'
import { fakeBackend, renderRoute } from '@/test/render-route'

const LONG_ID = 'a'.repeat(10 * 1024)

/** Ids no route may choke on, as they appear in a URL. */
const BAD_IDS = [
  'nao-existe',
  '%E0%A4%A', // malformed percent-encoding: decodeURIComponent throws URIError
  '%',
  LONG_ID,
  '..%2F..%2F..',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7', // 👨‍👩‍👧
  '%E2%80%AEgnp.exe', // U+202E RIGHT-TO-LEFT OVERRIDE
] as const

type Expected = { text: string | RegExp; link: string | RegExp; href?: string }

const TASK_NOT_FOUND: Expected = {
  text: 'Tarefa não encontrada',
  link: 'Ver minhas tarefas',
  href: '/tasks',
}
const SECTION_NOT_FOUND: Expected = {
  text: 'Esta parte do relatório não existe.',
  link: /Voltar ao relatório|Ver o status da tarefa|Voltar às pendências/,
}

type Rendered = Awaited<ReturnType<typeof renderRoute>>

const crashes = watchForCrashes()

/** Opens the URL (the first one renders the app; the next ones navigate) and checks the answer. */
async function expectClearAnswer(app: Rendered, url: string, expected: Expected) {
  await act(async () => {
    await app.router.navigate(url)
  })
  const shown = `${url.slice(0, 80)}${url.length > 80 ? '…' : ''}`
  // Whatever was loading settles first, so the answer read is the one for this URL.
  await waitFor(
    () => expect(document.querySelector('[aria-busy="true"]'), `${shown} still loading`).toBeNull(),
    { timeout: 5000 },
  )
  try {
    expect(await screen.findByText(expected.text)).toBeInTheDocument()
    const link = screen.getAllByRole('link', { name: expected.link })[0]!
    if (expected.href) expect(link).toHaveAttribute('href', expected.href)
  } catch (error) {
    throw new Error(`${shown}: ${String(error)}`, { cause: error })
  }
  expect(screen.queryByRole('heading', { name: 'Algo deu errado' }), shown).toBeNull()
  expect(crashes(), shown).toEqual([])
}

/** Renders once, then opens every URL of the table in turn. */
async function checkAll(table: ReadonlyArray<readonly [string, Expected]>) {
  const app = await renderRoute('/tasks')
  await screen.findByRole('heading', { level: 1, name: 'Tarefas' })
  for (const [url, expected] of table) await expectClearAnswer(app, url, expected)
  return app
}

const taskRoutes = [
  (id: string) => `/tasks/${id}`,
  (id: string) => `/tasks/${id}/details`,
  (id: string) => `/tasks/${id}/reschedule`,
  (id: string) => `/tasks/${id}/status`,
  (id: string) => `/tasks/${id}/report`,
  (id: string) => `/tasks/${id}/status/answers`,
  (id: string) => `/tasks/${id}/validation`,
  (id: string) => `/tasks/${id}/validation/times`,
  (id: string) => `/tasks/${id}/form`,
]

const checkinChildren = [
  '',
  '/instructions',
  '/checklist',
  '/attendants',
  '/times',
  '/evidences',
  '/awards',
  '/notes',
  '/timeout',
  '/offline-checkout',
]

describe('bad links to a task', () => {
  it('every task route says the task was not found, for every kind of bad id', async () => {
    // Each route meets every bad id once across the table (ids rotate), to stay quick.
    const table = taskRoutes.flatMap((route, r) =>
      [0, 1, 2].map(
        (k) => [route(BAD_IDS[(r + k * 3) % BAD_IDS.length]!), TASK_NOT_FOUND] as const,
      ),
    )
    await checkAll(table)
  })

  it('every page of the check-in says the task was not found', async () => {
    await checkAll(
      checkinChildren.map(
        (child, i) =>
          [`/tasks/${BAD_IDS[i % BAD_IDS.length]}/checkin${child}`, TASK_NOT_FOUND] as const,
      ),
    )
  })

  it('an unknown report section of a real task says the section does not exist', async () => {
    const app = await renderRoute('/tasks')
    await screen.findByRole('heading', { level: 1, name: 'Tarefas' })
    const slugOf = (status: string) =>
      fakeBackend.db.tasks.findFirst((q) =>
        q.where((t) => t.agentId === 'agt_demo' && t.status.code === status),
      )!.slug
    const visited = slugOf('visited')
    const validating = slugOf('validating')
    const contested = slugOf('contested')
    for (const [url, expected] of [
      [`/tasks/${visited}/report/xyz`, SECTION_NOT_FOUND],
      [`/tasks/${visited}/report/%E0%A4%A`, SECTION_NOT_FOUND],
      [`/tasks/${validating}/status/${LONG_ID}`, SECTION_NOT_FOUND],
      [`/tasks/${validating}/status/%3Csvg%3E`, SECTION_NOT_FOUND],
      [`/tasks/${contested}/validation/..%2F..`, SECTION_NOT_FOUND],
      [`/tasks/${contested}/validation/%F0%9F%98%80`, SECTION_NOT_FOUND],
    ] as const)
      await expectClearAnswer(app, url, expected)
  })
})

describe('bad links elsewhere', () => {
  it('offers, notifications, wallet details and unknown pages', async () => {
    const OFFER: Expected = {
      text: 'Oportunidade não encontrada',
      link: 'Ver oportunidades',
      href: '/oppy',
    }
    const NOTIFICATION: Expected = {
      text: 'Notificação não encontrada',
      link: 'Ver todas as notificações',
      href: '/notifs',
    }
    const WALLET = (text: string): Expected => ({
      text,
      link: 'Voltar para a carteira',
      href: '/account/wallet',
    })
    const PAGE: Expected = { text: 'Página não encontrada', link: 'Ir para o início', href: '/' }
    await checkAll([
      ...BAD_IDS.slice(0, 4).map((id) => [`/oppy/${id}`, OFFER] as const),
      ...BAD_IDS.slice(4).map((id) => [`/oppy/${id}/details`, OFFER] as const),
      ...BAD_IDS.slice(0, 4).map((id) => [`/notifs/${id}/read`, NOTIFICATION] as const),
      ...BAD_IDS.slice(4, 6).map(
        (id) =>
          [`/account/details/transactions/${id}`, WALLET('Movimentação não encontrada')] as const,
      ),
      ...BAD_IDS.slice(6).map(
        (id) => [`/account/details/awards/${id}`, WALLET('Prêmio não encontrado')] as const,
      ),
      ['/account/details', WALLET('Detalhe não encontrado')],
      ['/account/details/%E0%A4%A', WALLET('Detalhe não encontrado')],
      [`/account/details/${LONG_ID}/x`, WALLET('Detalhe não encontrado')],
      ['/tasks/T-4826/checkin/%E0%A4%A', PAGE],
      ['/nada/%E0%A4%A', PAGE],
      [`/${LONG_ID}`, PAGE],
      ['/%3Cscript%3E', PAGE],
      ['/tasks/T-4826/report/answers/extra/segments', PAGE],
    ])
  })

  it('deep links with an unknown kind or a bad id', async () => {
    const app = await checkAll([
      ['/event/task?id=%E0%A4%A', TASK_NOT_FOUND],
      [`/event/task?id=${LONG_ID}`, TASK_NOT_FOUND],
      ['/event/validation?id=..%2F..', TASK_NOT_FOUND],
      [
        '/event/notification?slug=%3Csvg%3E',
        { text: 'Notificação não encontrada', link: 'Ver todas as notificações' },
      ],
      [
        '/event/oppy?id=nao-existe',
        { text: 'Oportunidade não encontrada', link: 'Ver oportunidades' },
      ],
    ])
    for (const url of [
      '/event/%E0%A4%A',
      `/event/${LONG_ID}`,
      '/event/task?id=',
      '/event/task?id=%20',
    ]) {
      await act(async () => {
        await app.router.navigate(url)
      })
      expect(await screen.findByText('Link não reconhecido')).toBeInTheDocument()
      await waitFor(() => expect(app.router.state.location.pathname).toBe('/oppy'))
      expect(crashes(), url).toEqual([])
    }
  })

  it('a channel that is no project lists no pendencies and offers all of them', async () => {
    const app = await renderRoute('/tasks/validations/%E0%A4%A')
    for (const channel of ['%E0%A4%A', LONG_ID, '%3Csvg%20onload%3Dalert(1)%3E']) {
      await act(async () => {
        await app.router.navigate(`/tasks/validations/${channel}`)
      })
      expect(await screen.findByText('Nenhuma pendência aberta')).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Todos' })).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/tasks')
    }
    expect(crashes()).toEqual([])
  })
})

describe('absurd query strings', () => {
  const REPEATED = 'page=1&'.repeat(1500)
  const LONG_QUERY = `q=${'%F0%9F%98%80'.repeat(900)}`

  it('screens that read no query ignore it', async () => {
    const app = await renderRoute('/oppy?page=-1&tab=%3Csvg%3E')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oportunidades' }),
    ).toBeInTheDocument()
    for (const [url, heading] of [
      [`/tasks?${REPEATED}`, 'Tarefas'],
      [`/notifs?${LONG_QUERY}`, 'Notificações'],
      ['/account/wallet?page=NaN&page=-1&tab=%E0%A4%A', 'Carteira'],
      ['/tasks/policy?project=%E0%A4%A&project=%3Cscript%3E', 'Política de conduta'],
    ] as const) {
      await act(async () => {
        await app.router.navigate(url)
      })
      expect(
        await screen.findByRole('heading', { level: 1, name: heading }),
        url,
      ).toBeInTheDocument()
    }
    expect(crashes()).toEqual([])
  })

  it('?next= and ?from= never lead out of the app', async () => {
    const app = await renderRoute('/permissions/position?next=%2F%09%2Fexample.com')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    for (const next of [
      '%2F%09%2Fexample.com',
      '%2F%2Fexample.com',
      'javascript:alert(1)',
      LONG_ID,
    ]) {
      await act(async () => {
        await app.router.navigate(`/permissions/position?next=${next}`)
      })
      for (const link of screen.getAllByRole('link'))
        expect(new URL(link.getAttribute('href')!, 'http://app.test').origin, next).toBe(
          'http://app.test',
        )
    }
    expect(crashes()).toEqual([])
  })

  it('sign-in links with garbage in the code or the activation link', async () => {
    const app = await renderRoute(
      `/login/allow?otp=%3Csvg%3E12%F0%9F%98%803456${'9'.repeat(5000)}`,
      {
        signedIn: false,
      },
    )
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    const code = screen.queryByLabelText('Código')
    if (code) expect((code as HTMLInputElement).value).toMatch(/^\d{0,6}$/)
    for (const url of ['/activation?id=&token=', `/activation?id=%E0%A4%A&token=${LONG_ID}`]) {
      await act(async () => {
        await app.router.navigate(url)
      })
      expect(await screen.findByText('Não foi possível ativar sua conta')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Entrar com celular' })).toBeInTheDocument()
    }
    expect(crashes()).toEqual([])
  })
})
