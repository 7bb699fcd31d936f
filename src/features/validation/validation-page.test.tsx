import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { resetVisitDevice, startTestSync } from '@/test/visit-kit'
import { pendencyAnswersKey } from './pendency-answers'

const CONTESTED = 'T-4830' // open revision rev_4830_1: pendencies on evidences and times
const REVISION = 'rev_4830_1'

const JUSTIFICATION_PHOTO =
  'A foto da fachada foi tirada contra o sol; enviei uma nova foto com o nome da loja bem legível.'
const JUSTIFICATION_TIME =
  'O atendimento começou quando o vendedor me chamou no balcão e durou quatro minutos e meio no total.'

async function open(path: string) {
  const rendered = await renderRoute('/preparando')
  // The sync loop as the app runs it: with the screen's query client, which it refreshes.
  await startTestSync(DEMO_AGENT_ID, rendered.queryClient)
  await act(() => rendered.router.navigate(path))
  return rendered
}

beforeEach(async () => {
  await resetVisitDevice(DEMO_AGENT_ID)
})
afterEach(() => resetVisitDevice(DEMO_AGENT_ID))

describe('Pendências de validação', () => {
  it('lists the sections with pendencies and how many are resolved', async () => {
    await open(`/tasks/${CONTESTED}/validation`)
    expect(await screen.findByRole('heading', { name: 'Pendências' })).toBeInTheDocument()
    const sections = await screen.findByRole('navigation', { name: 'Partes com pendências' })
    const photos = within(sections).getByRole('link', { name: /Fotos/ })
    expect(photos).toHaveTextContent('A foto da fachada está desfocada')
    expect(photos).toHaveTextContent('0 de 1 resolvida')
    expect(photos).toHaveAttribute('href', `/tasks/${CONTESTED}/validation/evidences`)
    expect(within(sections).getByRole('link', { name: /Tempos/ })).toHaveTextContent(
      '0 de 1 resolvida',
    )
    const send = screen.getByRole('button', { name: 'Enviar respostas' })
    expect(send).toBeDisabled()
    // The disabled button says why, and where to go: each part still to answer, as a link.
    expect(send).toHaveAccessibleDescription(
      'Responda todas as pendências para enviar (0 de 2 resolvidas). Fotos Tempos',
    )
    const parts = screen.getByRole('list', { name: 'Partes com pendências sem resposta' })
    expect(within(parts).getByRole('link', { name: 'Fotos' })).toHaveAttribute(
      'href',
      `/tasks/${CONTESTED}/validation/evidences`,
    )
    expect(within(parts).getAllByRole('link')).toHaveLength(2)
  })

  it('keeps a short justification with its message next to the field, on the device', async () => {
    const { user } = await open(`/tasks/${CONTESTED}/validation/evidences`)
    expect(await screen.findByRole('heading', { name: 'Pendências — Fotos' })).toBeInTheDocument()
    expect(
      await screen.findByText(
        'A foto da fachada está desfocada e não mostra o nome da loja. Envie outra foto ou explique.',
      ),
    ).toBeInTheDocument()
    const field = screen.getByRole('textbox', { name: 'Justificativa' })
    await user.type(field, 'Foto refeita.')
    expect(screen.getByText('13 de 1000 caracteres')).toBeInTheDocument()
    await user.tab()
    expect(
      await screen.findByText('Escreva pelo menos 50 caracteres (faltam 37).'),
    ).toBeInTheDocument()
    expect(field).toHaveValue('Foto refeita.')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(JSON.parse(localStorage.getItem(pendencyAnswersKey(REVISION))!)).toMatchObject({
      pen_4830_1: { justification: 'Foto refeita.' },
    })
  })

  it('checks a corrected time as mm:ss', async () => {
    const { user } = await open(`/tasks/${CONTESTED}/validation/times`)
    expect(await screen.findByText('Campo: Tempo de atendimento')).toBeInTheDocument()
    const corrected = screen.getByRole('textbox', { name: 'Valor corrigido (opcional)' })
    // Digits only: the colon goes in by itself; letters are not part of a time.
    await user.type(corrected, 'quatro043')
    expect(corrected).toHaveValue('04:3')
    await user.tab()
    expect(await screen.findByText('Use o formato mm:ss, por exemplo 02:30.')).toBeInTheDocument()
    await user.type(corrected, '0')
    expect(corrected).toHaveValue('04:30')
    await waitFor(() =>
      expect(screen.queryByText('Use o formato mm:ss, por exemplo 02:30.')).not.toBeInTheDocument(),
    )
  })

  it('sends the answers when every pendency is resolved; the task goes back to validation', async () => {
    const { user, router } = await open(`/tasks/${CONTESTED}/validation/evidences`)
    await user.type(
      await screen.findByRole('textbox', { name: 'Justificativa' }),
      JUSTIFICATION_PHOTO,
    )
    // One pendency, resolved: singular.
    expect(
      screen.getByRole('heading', { level: 2, name: 'Pendência 1 Resolvida' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enviar respostas' })).toBeDisabled()

    await act(() => router.navigate(`/tasks/${CONTESTED}/validation`))
    const sections = await screen.findByRole('navigation', { name: 'Partes com pendências' })
    expect(within(sections).getByRole('link', { name: /Fotos/ })).toHaveTextContent(
      '1 de 1 resolvida',
    )
    await user.click(within(sections).getByRole('link', { name: /Tempos/ }))

    await user.type(
      await screen.findByRole('textbox', { name: 'Justificativa' }),
      JUSTIFICATION_TIME,
    )
    await user.type(screen.getByRole('textbox', { name: 'Valor corrigido (opcional)' }), '4:30')
    const send = screen.getByRole('button', { name: 'Enviar respostas' })
    await waitFor(() => expect(send).toBeEnabled())
    await user.click(send)

    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${CONTESTED}/status`))
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ slug: CONTESTED }))?.status.code).toBe(
      'validating',
    )
    const revision = fakeBackend.db.revisions.findFirst((q) => q.where({ id: REVISION }))!
    expect(revision.status).toBe('answered')
    expect(revision.pendencies.find((p) => p.id === 'pen_4830_2')?.resolution).toMatchObject({
      justification: JUSTIFICATION_TIME,
      correctedValue: '04:30',
    })
    expect(localStorage.getItem(pendencyAnswersKey(REVISION))).toBeNull()
  })

  it('shows a refusal from the server with its message and the fix, keeps the answers, and sends them again once changed', async () => {
    const { user } = await open(`/tasks/${CONTESTED}/validation/evidences`)
    await user.type(
      await screen.findByRole('textbox', { name: 'Justificativa' }),
      JUSTIFICATION_PHOTO,
    )
    failApi('put', `/revisions/${REVISION}/answers`, 422, {
      type: 'about:blank',
      title: 'Dados inválidos',
      status: 422,
      code: 'validation_failed',
      detail: 'Responda todas as pendências antes de enviar.',
    })
    await user.click(screen.getByRole('link', { name: 'Voltar' }))
    const sections = await screen.findByRole('navigation', { name: 'Partes com pendências' })
    await user.click(within(sections).getByRole('link', { name: /Tempos/ }))
    await user.type(
      await screen.findByRole('textbox', { name: 'Justificativa' }),
      JUSTIFICATION_TIME,
    )
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('O servidor não aceitou as respostas às pendências')
    expect(alert).toHaveTextContent('Responda todas as pendências antes de enviar.')
    expect(alert).toHaveTextContent(
      'Enviar de novo teria a mesma resposta. Corrija as respostas e toque em “Enviar respostas” de novo.',
    )
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Justificativa' })).toHaveValue(JUSTIFICATION_TIME)
    expect(fakeBackend.db.revisions.findFirst((q) => q.where({ id: REVISION }))?.status).toBe(
      'open',
    )
    expect(localStorage.getItem(pendencyAnswersKey(REVISION))).toContain('quatro minutos')

    // Changed (here: the server takes them now), "Enviar respostas" sends them as a new request.
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Enviar respostas' }))
    await waitFor(() =>
      expect(fakeBackend.db.revisions.findFirst((q) => q.where({ id: REVISION }))?.status).toBe(
        'answered',
      ),
    )
  })

  it('says there is nothing to answer when the report has no revision', async () => {
    await open('/tasks/T-4829/validation')
    expect(await screen.findByText('Nenhuma pendência aberta')).toBeInTheDocument()
  })

  it('shows the load error and retries', async () => {
    failApi('get', '/reports/rep_4830/revisions/current', 500)
    const { user } = await open(`/tasks/${CONTESTED}/validation`)
    expect(await screen.findByText('Não foi possível carregar as pendências')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('navigation', { name: 'Partes com pendências' }),
    ).toBeInTheDocument()
  })
})
