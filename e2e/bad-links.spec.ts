/**
 * The worst links in a real Chromium (issue #8): malformed percent-encoding (decodeURIComponent
 * throws URIError), a bare "%", a 10 kB id, "../..", markup, an absurd query string, a `?next=`
 * that the browser turns into another site, and the same in the demo under /preview. Each one
 * answers with a pt-BR "não encontrada" screen and a way back, and the page throws nothing.
 */
import { expect, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'

const LONG_ID = 'a'.repeat(10 * 1024)

/** Uncaught errors of the page, collected for the whole test. */
function watchPageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  return errors
}

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test('bad links answer with a pt-BR “not found” screen and a way back, never a crash', async ({
  page,
  request,
}) => {
  const errors = watchPageErrors(page)
  await signIn(page, request)

  const cases: Array<{ url: string; text: string; back: string; href: string }> = [
    {
      url: '/tasks/%E0%A4%A',
      text: 'Tarefa não encontrada',
      back: 'Ver minhas tarefas',
      href: '/tasks',
    },
    { url: '/tasks/%', text: 'Tarefa não encontrada', back: 'Ver minhas tarefas', href: '/tasks' },
    {
      url: `/tasks/${LONG_ID}/details`,
      text: 'Tarefa não encontrada',
      back: 'Ver minhas tarefas',
      href: '/tasks',
    },
    {
      url: '/tasks/%E0%A4%A/checkin/times',
      text: 'Tarefa não encontrada',
      back: 'Ver minhas tarefas',
      href: '/tasks',
    },
    {
      url: '/tasks/..%2F..%2F..',
      text: 'Tarefa não encontrada',
      back: 'Ver minhas tarefas',
      href: '/tasks',
    },
    {
      url: '/oppy/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      text: 'Oportunidade não encontrada',
      back: 'Ver oportunidades',
      href: '/oppy',
    },
    {
      url: '/notifs/%F0%9F%98%80/read',
      text: 'Notificação não encontrada',
      back: 'Ver todas as notificações',
      href: '/notifs',
    },
    {
      url: '/account/details',
      text: 'Detalhe não encontrado',
      back: 'Voltar para a carteira',
      href: '/account/wallet',
    },
    { url: '/nada/%E0%A4%A', text: 'Página não encontrada', back: 'Ir para o início', href: '/' },
  ]
  for (const { url, text, back, href } of cases) {
    await page.goto(url)
    await expect(page.getByText(text, { exact: true }), url.slice(0, 60)).toBeVisible()
    await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', href)
    await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toHaveCount(0)
  }

  // An absurd query string on a screen that reads none is ignored.
  await page.goto(`/oppy?page=-1&tab=%3Csvg%20onload%3Dalert(1)%3E&${'x=%E0%A4%A&'.repeat(800)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()

  // A deep link of an unknown kind goes home with a message.
  await page.goto('/event/%E0%A4%A')
  await expect(page.getByText('Link não reconhecido')).toBeVisible()
  await expect(page).toHaveURL(/\/oppy$/)

  // A ?next= with a tab is "//example.com" to the browser: the app keeps its own path instead.
  await page.goto('/permissions/position?next=/%09/example.com')
  await expect(page.getByRole('heading', { level: 1, name: 'Permitir localização' })).toBeVisible()
  for (const href of await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href)))
    expect(new URL(href).origin).toBe(new URL(page.url()).origin)

  expect(errors).toEqual([])
})

test('the demo answers bad links the same way', async ({ page }) => {
  const errors = watchPageErrors(page)
  await page.goto('/preview')
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible({
    timeout: 30_000,
  })
  for (const [url, said] of [
    ['/preview/tasks/%E0%A4%A', 'Tarefa não encontrada'],
    ['/preview/oppy/%', 'Oportunidade não encontrada'],
    [`/preview/tasks/${LONG_ID}`, 'Tarefa não encontrada'],
  ] as const) {
    await page.goto(url)
    await expect(page.getByText(said), url.slice(0, 60)).toBeVisible({
      timeout: 15_000,
    })
  }
  expect(errors).toEqual([])
})
