import 'fake-indexeddb/auto'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { queueWrite } from '@/lib/visit-store/store'
import { openVisitDb } from '@/lib/visit-store/db'
import { readDraft, resetVisitDevice, startTestSync } from '@/test/visit-kit'
import { seenTexts } from '@/test/seen-texts'

const STARTED = 'T-4826' // mercado, empty report; checked in by `checkIn`
const VISITED = 'T-4828' // farma, filled report (complete)
const VALIDATING = 'T-4829'

async function checkIn(slug: string) {
  await fakeBackend.db.tasks.update((q) => q.where({ slug }), {
    data(t) {
      t.steps.checkin = {
        at: new Date(fakeBackend.clock.now()).toISOString(),
        lat: t.location.lat,
        lng: t.location.lng,
        accuracy: 10,
      }
    },
  })
}

/** Renders, prepares the fake server, then opens `path` (the first screen must not load first). */
async function open(path: string, prepare?: () => Promise<void>) {
  const rendered = await renderRoute('/preparando')
  // The sync loop as the app runs it: with the screen's query client, which it refreshes.
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  await prepare?.()
  await act(() => rendered.router.navigate(path))
  return rendered
}

const serverTask = (slug: string) => fakeBackend.db.tasks.findFirst((q) => q.where({ slug }))!
const serverReport = (id: string) => fakeBackend.db.reports.findFirst((q) => q.where({ id }))!

beforeEach(async () => {
  await resetVisitDevice(DEMO_AGENT_ID)
})
afterEach(() => resetVisitDevice(DEMO_AGENT_ID))

describe('Relatório — visão geral', () => {
  it('lists what is missing in each section and names the incomplete pages when sending', async () => {
    const { user } = await open(`/tasks/${STARTED}/report`, () => checkIn(STARTED))
    expect(await screen.findByRole('heading', { name: 'Relatório' })).toBeInTheDocument()
    const sections = await screen.findByRole('navigation', { name: 'Partes do relatório' })
    const answers = within(sections).getByRole('link', { name: /Questionário/ })
    expect(answers).toHaveTextContent('3 pendentes')
    expect(answers).toHaveTextContent(
      'As páginas “Chegada”, “Atendimento” e “Finalização” do questionário',
    )
    expect(answers).toHaveAttribute('href', `/tasks/${STARTED}/report/answers`)
    expect(within(sections).getByRole('link', { name: /Atendentes/ })).toHaveTextContent(
      'Falta 1 atendente',
    )
    expect(within(sections).getByRole('link', { name: /Fotos/ })).toHaveTextContent('Falta 1 foto')
    expect(within(sections).getByRole('link', { name: /Depoimento escrito/ })).toHaveTextContent(
      '1 pendente',
    )
    expect(screen.getByText('0 de 100')).toBeInTheDocument()
    expect(await screen.findByText('Tudo enviado')).toBeInTheDocument()

    const send = screen.getByRole('button', { name: 'Enviar relatório' })
    expect(send).toHaveAttribute('aria-disabled', 'true')
    // Beside the button: what is missing, each part a link to it.
    expect(send).toHaveAccessibleDescription(
      /^Para enviar, falta completar: Questionário Atendentes Tempos Checklist Fotos Cupom fiscal Depoimento escrito$/,
    )
    const needs = screen.getByText('Para enviar, falta completar:').parentElement!
    const needLinks = within(needs).getAllByRole('link')
    expect(needLinks.map((a) => a.textContent)).toEqual(
      expect.arrayContaining(['Questionário', 'Atendentes', 'Fotos', 'Depoimento escrito']),
    )
    expect(within(needs).getByRole('link', { name: 'Fotos' })).toHaveAttribute(
      'href',
      `/tasks/${STARTED}/report/evidences`,
    )
    await user.click(send)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('O questionário tem páginas incompletas')
    expect(alert).toHaveTextContent(
      'Ainda falta completar: As páginas “Chegada”, “Atendimento” e “Finalização” do questionário; Falta 1 atendente;',
    )
    expect(serverTask(STARTED).status.code).toBe('started')
  })

  it('sends a complete report after pending saves and goes to the status once the server has it', async () => {
    const { user, router } = await open(`/tasks/${VISITED}/report`)
    const sections = await screen.findByRole('navigation', { name: 'Partes do relatório' })
    expect(within(sections).getByRole('link', { name: /Questionário/ })).toHaveTextContent(
      'Completo',
    )
    await user.click(screen.getByRole('button', { name: 'Enviar relatório' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${VISITED}/status`))
    expect(serverTask(VISITED).status.code).toBe('validating')
    expect(serverReport('rep_4828').submittedAt).not.toBeNull()
  })

  it('shows the sending as pending while the server cannot be reached', async () => {
    const { user } = await open(`/tasks/${VISITED}/report`)
    await screen.findByRole('navigation', { name: 'Partes do relatório' })
    failApi('post', '/reports/rep_4828/submission', 503)
    await user.click(screen.getByRole('button', { name: 'Enviar relatório' }))
    expect(await screen.findByText('Envio pendente')).toBeInTheDocument()
    expect(await screen.findByText('O relatório aguardando envio')).toBeInTheDocument()
    expect(serverTask(VISITED).status.code).toBe('visited')
  })

  it('shows the server’s refusal of an incomplete report with what is missing, and sends it again once completed, never “Tentar enviar de novo”', async () => {
    const { user } = await open(`/tasks/${VISITED}/report`)
    await screen.findByRole('navigation', { name: 'Partes do relatório' })
    const missing = [{ section: 'evidences', label: 'Falta 1 foto' }]
    failApi('post', '/reports/rep_4828/submission', 422, {
      type: 'about:blank',
      title: 'Relatório incompleto',
      status: 422,
      code: 'report_incomplete',
      detail: 'Ainda falta completar: Falta 1 foto.',
      missing,
    })
    await user.click(screen.getByRole('button', { name: 'Enviar relatório' }))
    const alert = await screen.findByRole('alert')
    // What was refused, the server's reason, and what to change: sending again would repeat it.
    expect(alert).toHaveTextContent('O servidor não aceitou o envio do relatório')
    expect(alert).toHaveTextContent('Ainda falta completar: Falta 1 foto.')
    expect(alert).toHaveTextContent(
      'Enviar de novo teria a mesma resposta. Complete o que ele apontou e toque em “Enviar relatório” de novo.',
    )
    expect(within(alert).queryByRole('button', { name: /Tentar/ })).not.toBeInTheDocument()
    expect(within(alert).queryByRole('button', { name: /Descartar/ })).not.toBeInTheDocument()
    expect(serverTask(VISITED).status.code).toBe('visited')

    // Completed (here: the server takes it now), "Enviar relatório" sends it as a new request.
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Enviar relatório' }))
    await waitFor(() => expect(serverTask(VISITED).status.code).toBe('validating'))
    const db = await openVisitDb(DEMO_AGENT_ID)
    await waitFor(async () => expect(await db.getAll('outbox')).toEqual([]))
  })

  it('shows the load error and retries', async () => {
    failApi('get', `/tasks/${VISITED}`, 500)
    const { user } = await open(`/tasks/${VISITED}/report`)
    expect(await screen.findByText('Não foi possível carregar o relatório')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('navigation', { name: 'Partes do relatório' }),
    ).toBeInTheDocument()
  })

  it('says when a section does not exist', async () => {
    await open(`/tasks/${VISITED}/report/precos`)
    expect(await screen.findByRole('heading', { name: 'Seção não encontrada' })).toBeInTheDocument()
  })
})

describe('Relatório — seções', () => {
  it('lists the answers, each opening the chat at its question', async () => {
    await open(`/tasks/${VISITED}/report/answers`)
    expect(await screen.findByRole('heading', { name: 'Questionário' })).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Página 1 — Chegada' })).toBeInTheDocument()
    const facade = screen.getByRole('link', { name: /A fachada estava limpa e bem sinalizada\?/ })
    expect(facade).toHaveAttribute('href', `/tasks/${VISITED}/form?q=farma-q1`)
  })

  it('takes times typed with digits only: keeps a bad one with its message, and saves a good one', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/times`)
    // The times part's one editor, as on the check-in's page: a card a time.
    const card = await screen.findByRole('region', { name: 'Tempo de espera' })
    const wait = within(card).getByRole('textbox', { name: 'Tempo de espera (mm:ss)' })
    expect(wait).toHaveAttribute('inputmode', 'numeric')
    await user.type(wait, '3000')
    expect(wait).toHaveValue('30:00')
    await user.click(within(card).getByRole('button', { name: /^Salvar/ }))
    expect(await screen.findByText('O tempo máximo é 20:00.')).toBeInTheDocument()
    expect(wait).toHaveValue('30:00')
    await user.clear(wait)
    await user.type(wait, '0315')
    expect(wait).toHaveValue('03:15')
    await user.click(within(card).getByRole('button', { name: /^Salvar/ }))
    expect(await within(card).findByText('Registrado: 03:15')).toBeInTheDocument()
    await waitFor(async () =>
      expect(
        (await readDraft(DEMO_AGENT_ID, 'rep_4828'))?.times.find((t) => t.code === 'espera')
          ?.seconds,
      ).toBe(195),
    )
    await waitFor(() =>
      expect(serverReport('rep_4828').times.find((t) => t.code === 'espera')?.seconds).toBe(195),
    )
  })

  it('adds an attendant by name and traits, refusing a role instead of a name', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/attendants`)
    const name = await screen.findByRole('textbox', { name: 'Nome do atendente' })
    await user.type(name, 'Gerente')
    await user.click(screen.getByRole('button', { name: 'Adicionar atendente' }))
    expect(
      await screen.findByText('Informe o nome real do atendente, não um cargo ou termo genérico.'),
    ).toBeInTheDocument()
    expect(name).toHaveValue('Gerente')
    await user.clear(name)
    await user.type(name, 'Márcia Andrade')
    await user.click(
      within(screen.getByRole('group', { name: 'Características' })).getByRole('button', {
        name: 'cordial',
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Adicionar atendente' }))
    const list = await screen.findByRole('list', { name: 'Atendentes registrados' })
    expect(
      await within(list).findByText('Márcia Andrade', { selector: 'strong' }),
    ).toBeInTheDocument()
    await waitFor(async () =>
      expect((await readDraft(DEMO_AGENT_ID, 'rep_4828'))?.attendants.at(-1)).toMatchObject({
        name: 'Márcia Andrade',
        traits: ['cordial'],
      }),
    )
  })

  it('keeps a half-typed attendant across a reload, as the check-in’s page does (one editor)', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/attendants`)
    await user.type(await screen.findByRole('textbox', { name: 'Nome do atendente' }), 'Jo')
    await user.click(
      within(screen.getByRole('group', { name: 'Características' })).getByRole('button', {
        name: 'ágil',
      }),
    )
    // The app is opened again (a reload: the test's new render clears the page's storage, so
    // the phone's is put back first): what was typed is still there, not saved yet.
    const kept = Object.entries({ ...localStorage })
    cleanup()
    await open(`/tasks/${VISITED}/report/attendants`, async () => {
      for (const [key, value] of kept) localStorage.setItem(key, value)
    })
    expect(await screen.findByRole('textbox', { name: 'Nome do atendente' })).toHaveValue('Jo')
    expect(screen.getByRole('button', { name: 'ágil' })).toHaveAttribute('aria-pressed', 'true')
    expect(
      (await readDraft(DEMO_AGENT_ID, 'rep_4828'))?.attendants.some((a) => a.name === 'Jo'),
    ).toBe(false)
  })

  it('saves the written testimony as it is typed, with a live count and the length message on leaving the field', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/testimony`)
    const field = await screen.findByRole('textbox', { name: 'Depoimento' })
    await user.type(field, 'Atendimento rápido.')
    expect(screen.getByText('19 de 1000 caracteres')).toBeInTheDocument()
    await user.tab()
    expect(
      await screen.findByText('Escreva pelo menos 50 caracteres (faltam 31).'),
    ).toBeInTheDocument()
    expect(field).toHaveValue('Atendimento rápido.')
    await waitFor(async () =>
      expect((await readDraft(DEMO_AGENT_ID, 'rep_4828'))?.testimony).toBe('Atendimento rápido.'),
    )
  })

  it('refuses a nomination below the award’s goal with the award message', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/awards`)
    expect(await screen.findByText('Atendimento nota 10', { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByText(/Meta: nota 80 · Prêmio: R\$\s?50,00/)).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Indicar atendente' }))
    expect(
      await screen.findByText('A nota da visita (62.2) não alcança a meta do prêmio (80).'),
    ).toBeInTheDocument()
    expect(fakeBackend.db.awards.findMany((q) => q.where({ taskId: 'tsk_4828' }))).toHaveLength(0)
  })

  it('queues a nomination that the server records', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/awards`, async () => {
      await fakeBackend.db.missions.update((q) => q.where({ id: 'msn_farma' }), {
        data(m) {
          m.awards = m.awards.map((a) => ({ ...a, goal: 50 }))
        },
      })
    })
    expect(await screen.findByRole('combobox', { name: 'Atendente' })).toHaveDisplayValue(
      'Marcelo Pereira',
    )
    await user.click(screen.getByRole('button', { name: 'Indicar atendente' }))
    await waitFor(() =>
      expect(fakeBackend.db.awards.findMany((q) => q.where({ taskId: 'tsk_4828' }))).toHaveLength(
        1,
      ),
    )
    const nominations = await screen.findByRole('list', { name: 'Indicações desta visita' })
    expect(await within(nominations).findByText('Marcelo Pereira')).toBeInTheDocument()
    expect(within(nominations).getByText('Indicado')).toBeInTheDocument()
  })

  it('a duplicate nomination is said as refused for good, with its fix first and no retry, and holds the report back until discarded', async () => {
    // Every text the Prêmios row shows, from its first paint.
    const awardsRow = seenTexts(() =>
      document.querySelector(`nav a[href="/tasks/${VISITED}/report/awards"]`),
    )
    // Every moment the award's nomination form is offered (its one award is nominated already).
    const nominate = seenTexts(() =>
      [...document.querySelectorAll('button')].find((b) => b.textContent === 'Indicar atendente'),
    )
    // The same nomination twice: one sent from another screen, one queued offline here.
    const { user } = await open(`/tasks/${VISITED}/report`, async () => {
      await fakeBackend.db.missions.update((q) => q.where({ id: 'msn_farma' }), {
        data(m) {
          m.awards = m.awards.map((a) => ({ ...a, goal: 50 }))
        },
      })
      const attendantCode = serverReport('rep_4828').attendants[0]!.code
      const input = { code: 'NOTA10', taskId: 'tsk_4828', attendantCode }
      const sent = await fetch(`${API}/awards/`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer demo-token',
          'Content-Type': 'application/json',
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify(input),
      })
      expect(sent.status).toBe(201)
      await queueWrite({ kind: 'award', taskId: 'tsk_4828', input })
      const db = await openVisitDb(DEMO_AGENT_ID)
      await waitFor(async () =>
        expect((await db.getAll('outbox')).map((i) => i.state)).toEqual(['failed']),
      )
    })
    const sections = await screen.findByRole('navigation', { name: 'Partes do relatório' })
    const awards = within(sections).getByRole('link', { name: /Prêmios/ })
    // One count: the nomination the server has; the refused one is said as refused — from the
    // row's first paint: it never said "Completo" before the device's queue was read.
    expect(awards).toHaveTextContent('1 indicação')
    expect(awards).toHaveTextContent('1 recusada')
    expect(awardsRow.texts()).toEqual(['Prêmios1 indicação1 recusada'])
    awardsRow.stop()

    // Sending waits for it, and says why, with the way to it.
    const send = screen.getByRole('button', { name: 'Enviar relatório' })
    expect(send).toHaveAttribute('aria-disabled', 'true')
    expect(send).toHaveAccessibleDescription(/Prêmios/)
    await user.click(send)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Uma indicação de prêmio foi recusada pelo servidor. Em Prêmios, veja o que fazer com ela antes de enviar o relatório.',
    )
    expect(serverTask(VISITED).status.code).toBe('visited')

    // In the section: what was refused, the nominee by name, the server's reason and the fix —
    // the server will refuse a duplicate whatever the retry: no "Tentar enviar de novo".
    await user.click(within(sections).getByRole('link', { name: /Prêmios/ }))
    const refused = await screen.findByRole('region', { name: 'Indicação recusada' })
    expect(refused).toHaveTextContent('O servidor não aceita esta indicação de prêmio')
    expect(refused).not.toHaveTextContent('tente de novo')
    expect(refused).toHaveTextContent('Atendimento nota 10 — Marcelo Pereira')
    expect(refused).toHaveTextContent(
      'O prêmio “Atendimento nota 10” já foi indicado nesta visita.',
    )
    expect(refused).toHaveTextContent(
      'Enviar de novo teria a mesma resposta. Descarte esta indicação; se quiser, indique outro prêmio ou outro atendente.',
    )
    expect(
      within(refused)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Descartar indicação'])
    // The award already has its nomination: nothing offers to nominate for it again, not even
    // before the section knows what the device and the server hold.
    expect(screen.queryByRole('button', { name: 'Indicar atendente' })).not.toBeInTheDocument()
    expect(nominate.texts()).toEqual([])
    // The fix, one tap (nothing the server would take is lost); then the report can go.
    await user.click(within(refused).getByRole('button', { name: 'Descartar indicação' }))
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Indicação recusada' })).not.toBeInTheDocument(),
    )
    await user.click(screen.getAllByRole('link', { name: 'Voltar' })[0]!)
    const again = await screen.findByRole('navigation', { name: 'Partes do relatório' })
    const row = within(again).getByRole('link', { name: /Prêmios/ })
    expect(row).toHaveTextContent('Prêmios1 indicaçãoCompleto')
    expect(screen.getByRole('button', { name: 'Enviar relatório' })).not.toHaveAttribute(
      'aria-disabled',
    )
  })

  it('shows the photos, receipts and audio sections with the media pieces', async () => {
    const { router } = await open(`/tasks/${VISITED}/report/evidences`)
    expect(await screen.findByText(/^Mínimo de 2 fotos · \d+ fotos?$/)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Adicionar foto' })).toBeInTheDocument()
    await act(() => router.navigate(`/tasks/${VISITED}/report/tax-receipts`))
    expect(
      await screen.findByText('A missão pede a foto do cupom fiscal da compra.'),
    ).toBeInTheDocument()
    await act(() => router.navigate(`/tasks/${VISITED}/report/audio`))
    expect(
      await screen.findByText('Grave o áudio do atendimento ou escreva um depoimento.'),
    ).toBeInTheDocument()
  })

  it('asks which version to keep when the report changed elsewhere, listing the differences', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/times`)
    const card = await screen.findByRole('region', { name: 'Tempo de espera' })
    const wait = within(card).getByRole('textbox', { name: 'Tempo de espera (mm:ss)' })
    // Another device saved a new version meanwhile.
    await fakeBackend.db.reports.update((q) => q.where({ id: 'rep_4828' }), {
      data(r) {
        r.version = 4
        r.times = r.times.map((t) => (t.code === 'espera' ? { ...t, seconds: 100 } : t))
      },
    })
    await user.type(wait, '0300')
    await user.click(within(card).getByRole('button', { name: /^Salvar/ }))
    const sheet = await screen.findByRole('dialog', { name: 'O relatório mudou em outro lugar' })
    expect(
      within(sheet).getByText('Tempo de espera: 03:00 aqui, 01:40 no servidor'),
    ).toBeInTheDocument()
    // Put away, the choice waits in a notice whose "Resolver" brings the choice back.
    await user.click(within(sheet).getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const notice = (await screen.findByText('Há duas versões deste relatório.')).closest(
      '[role="status"]',
    ) as HTMLElement
    await user.click(within(notice).getByRole('button', { name: 'Resolver' }))
    const again = await screen.findByRole('dialog', { name: 'O relatório mudou em outro lugar' })
    await user.click(within(again).getByRole('button', { name: 'Manter as minhas respostas' }))
    await waitFor(() => expect(serverReport('rep_4828').version).toBe(5))
    expect(serverReport('rep_4828').times.find((t) => t.code === 'espera')?.seconds).toBe(180)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('takes the server’s version when the agent chooses it', async () => {
    const { user } = await open(`/tasks/${VISITED}/report/times`)
    const card = await screen.findByRole('region', { name: 'Tempo de espera' })
    const wait = within(card).getByRole('textbox', { name: 'Tempo de espera (mm:ss)' })
    await fakeBackend.db.reports.update((q) => q.where({ id: 'rep_4828' }), {
      data(r) {
        r.version = 4
        r.times = r.times.map((t) => (t.code === 'espera' ? { ...t, seconds: 100 } : t))
      },
    })
    await user.type(wait, '0300')
    await user.click(within(card).getByRole('button', { name: /^Salvar/ }))
    const sheet = await screen.findByRole('dialog', { name: 'O relatório mudou em outro lugar' })
    await user.click(within(sheet).getByRole('button', { name: 'Usar a versão do servidor' }))
    await waitFor(async () => {
      const draft = await readDraft(DEMO_AGENT_ID, 'rep_4828')
      expect(draft?.conflict).toBeUndefined()
      expect(draft?.times.find((t) => t.code === 'espera')?.seconds).toBe(100)
    })
    expect(serverReport('rep_4828').version).toBe(4)
  })
})

describe('Relatório enviado (somente leitura)', () => {
  it('shows the submitted answers without ways to change them', async () => {
    await open(`/tasks/${VALIDATING}/status/answers`)
    expect(
      await screen.findByRole('heading', { name: 'Relatório enviado — Questionário' }),
    ).toBeInTheDocument()
    expect(await screen.findByText('A fachada estava limpa e bem sinalizada?')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /A fachada/ })).not.toBeInTheDocument()
    expect(
      screen.getByRole('navigation', { name: 'Outras partes do relatório' }),
    ).toBeInTheDocument()
  })

  it('shows the submitted photos read-only and the attendants', async () => {
    const { router } = await open(`/tasks/${VALIDATING}/status/evidences`)
    expect(
      await screen.findByRole('heading', { name: 'Relatório enviado — Fotos' }),
    ).toBeInTheDocument()
    expect(
      await screen.findByRole('list', { name: 'Fotos e arquivos do relatório' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument()
    await act(() => router.navigate(`/tasks/${VALIDATING}/status/attendants`))
    const attendant = serverReport('rep_4829').attendants[0]!
    expect(await screen.findByText(attendant.name)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })

  it.each(['audio', 'answers', 'evidences'])(
    'a report never sent: /status/%s does not say “Relatório enviado”, and leads to the report',
    async (section) => {
      const { user } = await open(`/tasks/${VISITED}/status/${section}`)
      // Read in this test's world (open resets it): under shuffle a test before may have sent it.
      expect(serverReport('rep_4828').submittedAt).toBeNull()
      expect(
        await screen.findByText('Este relatório ainda não foi enviado para validação.'),
      ).toBeInTheDocument()
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Relatório — /)
      expect(screen.queryByText(/Relatório enviado/)).not.toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Abrir o relatório' })).toHaveAttribute(
        'href',
        `/tasks/${VISITED}/report/${section}`,
      )
      // It opens that part of the report, to fill in.
      await user.click(screen.getByRole('link', { name: 'Abrir o relatório' }))
      await waitFor(() =>
        expect(screen.queryByText('Este relatório ainda não foi enviado para validação.')).toBe(
          null,
        ),
      )
      expect(await screen.findByRole('link', { name: 'Voltar' })).toHaveAttribute(
        'href',
        `/tasks/${VISITED}/report`,
      )
    },
  )

  it('does not offer editing once the report was sent', async () => {
    await open(`/tasks/${VALIDATING}/report`)
    expect(await screen.findByText('Este relatório já foi enviado.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enviar relatório' })).not.toBeInTheDocument()
  })
})
