/**
 * A visit without a connection (docs/product/visit.md): after an online check-in the device goes offline;
 * what the agent registers, a reload (the PWA service worker serves the app, the device
 * store the visit) and the check-out all happen offline. When the connection returns the
 * outbox sends everything, and the server receives each item exactly once.
 */
import type { Request } from '@playwright/test'
import { expect, test } from './support/test'
import type { Mission, Report, Task } from '../src/api/entities'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import {
  apiGet,
  checkInAtShop,
  makeJpegs,
  pickPhotos,
  sessionToken,
  taskWithoutCheckin,
} from './support/visit'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const NOTES = 'Loja cheia; a fila do caixa rápido andou devagar por falta de operadores.'

test('a visit done offline survives reloads and reaches the server exactly once when the connection returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000)
  await signIn(page, request)
  const token = await sessionToken(page)
  // The PWA worker is installed (and has precached the app) before the connection goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })

  // A started task of the seed (busy-agent): the first one in "Agendadas".
  const tasks = await apiGet<{ items: Task[] }>(request, token, '/tasks/mine?status=started')
  const task = tasks.items.find((t) => !t.steps.checkin)
  if (!task) throw new Error('The seed has no started task without a check-in')
  const slug = task.slug
  const taskId = task.id
  const mission = await apiGet<Mission>(request, token, `/missions/${task.missionId}`)
  const timeLabel = mission.times[0]!.label

  // What actually reached the server (offline attempts fail in the browser, never arrive).
  const arrived: string[] = []
  page.on('requestfinished', (r: Request) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/') && r.method() !== 'GET')
      arrived.push(`${r.method()} ${url.pathname}`)
  })

  // ------------------------------------------------------------ online check-in
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy: 20,
  })
  await page.goto(`/tasks/${slug}`)
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${taskId}`)).steps.checkin)
    .toBeTruthy()
  // The visit's pages are loaded once online (their chunks are precached anyway).
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  const [photo] = await makeJpegs(page, ['balcao.jpg'])

  // ------------------------------------------------------------ offline: attendant, time, photo, notes
  await context.setOffline(true)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()

  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await page.getByLabel('Nome do atendente').fill('Joana Prado')
  await page
    .getByRole('group', { name: 'Características' })
    .getByRole('button', { name: 'atencioso' })
    .click()
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  await expect(page.getByRole('list', { name: 'Atendentes registrados' })).toContainText(
    'Joana Prado',
  )

  await visitPages.getByRole('link', { name: 'Tempos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tempos' })).toBeVisible()
  const card = page.getByRole('region', { name: timeLabel })
  await card.getByLabel(`${timeLabel} (mm:ss)`).fill('03:15')
  await card.getByRole('button', { name: /^Salvar/ }).click()
  await expect(card.getByText('Registrado: 03:15')).toBeVisible()

  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  const evidenceList = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(evidenceList.getByRole('listitem')).toHaveCount(1)
  await expect(evidenceList).toContainText('Aguardando conexão')

  await visitPages.getByRole('link', { name: 'Observações' }).click()
  await page.getByLabel('Observações da visita').fill(NOTES)
  await expect(page.getByText('Salvo neste aparelho', { exact: true })).toBeVisible()
  // The photo apart from the other changes (the attendant, the time and the notes are one save
  // of the report): the row says what the header counts.
  await expect(page.getByText('1 foto ou áudio e 1 alteração aguardando envio')).toBeVisible()

  // ------------------------------------------------------------ reload offline: all still there
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Observações' })).toBeVisible()
  await expect(page.getByLabel('Observações da visita')).toHaveValue(NOTES)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await expect(page.getByRole('list', { name: 'Atendentes registrados' })).toContainText(
    'Joana Prado',
  )
  await visitPages.getByRole('link', { name: 'Tempos' }).click()
  await expect(
    page.getByRole('region', { name: timeLabel }).getByText('Registrado: 03:15'),
  ).toBeVisible()
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await expect(evidenceList.getByRole('listitem')).toHaveCount(1)

  // ------------------------------------------------------------ offline check-out
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/checkin/offline-checkout$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  await expect(
    page.getByText(
      /sem conexão\. Ele está guardado neste aparelho e será enviado automaticamente, uma única vez/,
    ),
  ).toBeVisible()
  const outboxList = page.getByRole('region', { name: 'Envios desta visita' })
  await expect(outboxList).toContainText('Check-out')
  await expect(outboxList).toContainText('Envio de foto ou áudio')

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  await expect(outboxList).toContainText('Check-out')
  expect(arrived.filter((a) => !a.includes('/checkin/'))).toEqual([])

  // ------------------------------------------------------------ back online: sent, once
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByText('O servidor recebeu o seu check-out.')).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Responder o questionário' })).toBeVisible()

  const server = await apiGet<Task>(request, token, `/tasks/${taskId}`)
  expect(server.status.code).toBe('visited')
  expect(server.steps.checkout?.offline).toBe(true)
  const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  expect(report.attendants).toEqual([
    expect.objectContaining({ name: 'Joana Prado', traits: ['atencioso'] }),
  ])
  expect(report.times).toEqual([expect.objectContaining({ seconds: 195 })])
  expect(report.evidences).toHaveLength(1)
  expect(report.evidences[0]).toMatchObject({ kind: 'photo', mimeType: 'image/jpeg' })
  expect(report.notes).toBe(NOTES)
  // Each write reached the server once: one upload, one check-out.
  expect(arrived.filter((a) => a === 'POST /api/media')).toHaveLength(1)
  expect(arrived.filter((a) => a === `PUT /api/tasks/${taskId}/checkout`)).toHaveLength(1)
})

// Nothing typed is lost by a reload: the notes are written to the device as they are typed,
// one write in flight and the latest value right after it (use-draft-text.ts), with no pause
// to wait for. crash.spec.ts does the same with the whole browser killed.
test('notes typed just before a reload are kept', async ({ page, context, request }) => {
  await signIn(page, request)
  const token = await sessionToken(page)
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(page, context, task)
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Observações' })
    .click()
  await page.getByLabel('Observações da visita').fill(NOTES)
  await page.reload()
  await expect(page.getByLabel('Observações da visita')).toHaveValue(NOTES)
})

// Regression test for a bug found while writing these journeys (fixed).
test('an offline check-out opens its page even when that screen was opened before', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, request)
  const token = await sessionToken(page)
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(page, context, task)
  // Before any check-out its page sends the agent back to the control page.
  await page.goto(`/tasks/${task.slug}/checkin/offline-checkout`)
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.slug}/checkin$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()

  await context.setOffline(true)
  // The app has heard it (the emulated `offline` reaches the page a moment later): a tap
  // before that is an online check-out, which goes to the questionnaire instead.
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.slug}/checkin/offline-checkout$`))
})
