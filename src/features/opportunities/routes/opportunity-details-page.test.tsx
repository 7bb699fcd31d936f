import { act, screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { dateTimeTextAt, toLocalInputValue } from '@/lib/sao-paulo-time'
import { failApi, fakeBackend, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

const HOUR = 3_600_000
const DAY = 24 * HOUR

function soonestOffer() {
  const [offer] = fakeBackend.db.opportunities
    .findMany((q) => q.where({ status: 'pending' }))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt))
  return offer!
}

async function openDetails() {
  const rendered = await renderRoute('/account')
  const offer = soonestOffer()
  await act(() => rendered.router.navigate(`/oppy/${offer.taskId}/details`))
  await screen.findByRole('heading', { name: 'Aceitar a oportunidade' })
  const group = screen.getByRole('group', { name: 'Data e horário da visita' })
  const dateField = {
    date: within(group).getByLabelText('Data'),
    time: within(group).getByLabelText('Hora'),
  }
  return { ...rendered, offer, dateField }
}

type DateTimeInputs = { date: HTMLElement; time: HTMLElement }

/** Types an instant as the agent would: its São Paulo day and time, digits only. */
async function typeWhen(user: UserEvent, field: DateTimeInputs, instant: number) {
  const text = dateTimeTextAt(instant)
  await user.clear(field.date)
  await user.type(field.date, text.date.replace(/\D/g, ''))
  await user.clear(field.time)
  await user.type(field.time, text.time.replace(/\D/g, ''))
  return text
}

describe('Oportunidade (detalhes)', () => {
  it('shows the briefing, the requirements in pt-BR, the checklist, the duration and the policy link', async () => {
    const { offer } = await openDetails()
    const mission = fakeBackend.db.missions.findFirst((q) =>
      q.where({
        id: fakeBackend.db.tasks.findFirst((t) => t.where({ id: offer.taskId }))!.missionId,
      }),
    )!
    expect(screen.getByText(mission.briefing)).toBeInTheDocument()
    const requirements = screen.getByRole('region', { name: 'O que você vai precisar fazer' })
    expect(within(requirements).getByText(/^Tirar pelo menos \d fotos?$/)).toBeInTheDocument()
    expect(within(requirements).getByText(/cupom fiscal/)).toBeInTheDocument()
    expect(within(requirements).getByText(/^Registrar pelo menos 1 atendente/)).toBeInTheDocument()
    const checklist = screen.getByRole('region', { name: 'Checklist da visita' })
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(mission.checklist.length)
    expect(screen.getByText(`Até ${mission.visitMaxMinutes} minutos no local`)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Política de conduta das visitas' })).toHaveAttribute(
      'href',
      `/tasks/policy?project=${mission.projectId}`,
    )
  })

  it('accepts with a date inside the window and opens the new task', async () => {
    const { user, router, offer, dateField } = await openDetails()
    // Text fields in pt-BR order on every phone, with a numeric keyboard.
    expect(dateField.date).toHaveAttribute('inputmode', 'numeric')
    expect(dateField.date).toHaveAttribute('placeholder', 'dd/mm/aaaa')
    expect(dateField.time).toHaveAttribute('placeholder', 'hh:mm')
    const whenMs = Date.parse(offer.task.window.from) + DAY
    const typed = await typeWhen(user, dateField, whenMs)
    expect(dateField.date).toHaveValue(typed.date)
    expect(dateField.time).toHaveValue(typed.time)
    expect(typed.date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    const when = toLocalInputValue(whenMs)
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))

    expect(await screen.findByText('Tarefa aceita')).toBeInTheDocument()
    const task = fakeBackend.db.tasks.findFirst((q) => q.where({ id: offer.taskId }))!
    expect(await screen.findByRole('link', { name: 'Fazer check-in' })).toBeInTheDocument()
    expect(
      screen.getByRole('heading', { level: 1, name: offer.task.missionTitle }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${task.slug}`)
    expect(task.status.code).toBe('started')
    expect(toLocalInputValue(task.scheduledFor)).toBe(when)
  })

  it('refuses a date outside the window next to the field, keeping it, and sends nothing', async () => {
    const { user, offer, dateField } = await openDetails()
    const late = await typeWhen(user, dateField, Date.parse(offer.task.window.to) + DAY)
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(
      await screen.findByText('Escolha uma data dentro do período da oportunidade.'),
    ).toBeInTheDocument()
    expect(dateField.date).toHaveAttribute('aria-invalid', 'true')
    expect(dateField.date).toHaveValue(late.date)
    expect(dateField.time).toHaveValue(late.time)
    expect(
      fakeBackend.db.opportunities.findFirst((q) => q.where({ taskId: offer.taskId }))!.status,
    ).toBe('pending')
  })

  it('keeps a date that is not a day and says so in pt-BR, sending nothing', async () => {
    const { user, offer, dateField } = await openDetails()
    await user.type(dateField.date, '31022027')
    await user.type(dateField.time, '2575')
    expect(dateField.date).toHaveValue('31/02/2027')
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(
      await screen.findByText('Data inválida. Use dd/mm/aaaa, por exemplo 26/11/2026.'),
    ).toBeInTheDocument()
    expect(dateField.date).toHaveValue('31/02/2027')
    expect(dateField.time).toHaveValue('25:75')
    await user.clear(dateField.date)
    await user.type(dateField.date, dateTimeTextAt(Date.parse(offer.task.window.from) + DAY).date)
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(
      await screen.findByText('Hora inválida. Use hh:mm, de 00:00 a 23:59, por exemplo 15:00.'),
    ).toBeInTheDocument()
    expect(dateField.time).toHaveValue('25:75')
    expect(
      fakeBackend.db.opportunities.findFirst((q) => q.where({ taskId: offer.taskId }))!.status,
    ).toBe('pending')
  })

  it('asks for the date when none was chosen', async () => {
    const { user, dateField } = await openDetails()
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(await screen.findByText('Escolha a data e o horário da visita.')).toBeInTheDocument()
    expect(dateField.date).toHaveAttribute('aria-invalid', 'true')
  })

  it('shows the server’s reason when the offer expired meanwhile', async () => {
    const { user, offer, dateField, backend } = await openDetails()
    const when = await typeWhen(user, dateField, Date.parse(offer.task.window.from) + DAY)
    backend.clock.advance(3 * HOUR + 60_000)
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(
      await screen.findByText('Esta oportunidade expirou e não pode mais ser aceita.'),
    ).toBeInTheDocument()
    expect(dateField.date).toHaveValue(when.date)
    expect(dateField.time).toHaveValue(when.time)
  })

  it('shows a date refused by the server next to the field', async () => {
    const { user, offer, dateField } = await openDetails()
    const when = await typeWhen(user, dateField, Date.parse(offer.task.window.from) + DAY)
    failApi('post', '/opportunities/:taskId/accept', 409, {
      type: 'about:blank',
      title: 'Fora do período',
      status: 409,
      code: 'date_outside_window',
      detail: 'A loja não recebe visitas neste horário.',
    })
    await user.click(screen.getByRole('button', { name: 'Aceitar e agendar' }))
    expect(await screen.findByText('A loja não recebe visitas neste horário.')).toBeInTheDocument()
    expect(dateField.date).toHaveAttribute('aria-invalid', 'true')
    expect(dateField.date).toHaveValue(when.date)
    expect(dateField.time).toHaveValue(when.time)
  })

  it('says when the offer does not exist', async () => {
    await renderRoute('/oppy/tsk_nao_existe/details')
    expect(await screen.findByText('Oportunidade não encontrada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver oportunidades' })).toHaveAttribute('href', '/oppy')
  })
})
