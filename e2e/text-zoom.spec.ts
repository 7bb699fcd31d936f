/**
 * Every screen on every phone and with every hand (issues #8 and #37): at 360×740, at 320 CSS
 * px wide (an iPhone SE, a 360 px phone zoomed to 112 %), with the browser's default font at
 * 200 % (32 px: what Android's largest font scale does to a page in rem and em) and at
 * Android's "Grande" (18 px). On every route of docs/product/routes.md — signed out, the
 * agent shell, the visit from the check-in to the report, the visit's late pages — nothing
 * scrolls sideways, no control sticks out of the screen, no text is cut by a box, no word
 * breaks inside itself, the end of the page shows above the bars, the bottom navigation keeps
 * its five entries on the screen, and Tab from the top of each screen to its end never puts
 * focus on a control hidden, even partly, behind a fixed or sticky part (WCAG 2.2 SC 2.4.11).
 *
 * What it cannot show: Safari's and Firefox's own handling of a larger font (iOS Dynamic Type
 * reaches a page only through `-apple-system-body`, which the app does not use), and the
 * screen reader's side of the icon-only navigation.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import type { Task } from '../src/api/entities'
import { tabThroughScreen } from './support/covered'
import { resetBackend } from './support/fake-backend'
import {
  expectReflows,
  HANDS,
  navigationEntriesOff,
  setDefaultFontSize,
  type Hand,
} from './support/reflow'
import {
  open,
  REPORT_SECTIONS,
  settled,
  SHELL_ROUTES,
  VISIT_PAGES,
  walkLateVisitPages,
  walkSignedOut,
  type Frame,
} from './support/routes'
import { signIn } from './support/sign-in'
import {
  apiGet,
  checkOutAnyway,
  makeJpegs,
  pickPhotos,
  placePhoneAt,
  sessionToken,
} from './support/visit'

test.use({ reducedMotion: 'reduce' })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

/**
 * With `HANDS_SHOTS=<dir>`, pictures of every screen for every hand go there, to look at: the
 * screen as the phone shows it at the top of the page and at its end.
 */
const SHOTS = process.env.HANDS_SHOTS

/** The screen as it is now, for this hand: its layout, its navigation, and Tab through it. */
async function checkScreen(page: Page, hand: Hand, name: string, frame: Frame) {
  const label = `${hand.name} ${name}`
  // The page is laid out for this hand (a font size the browser dropped would test nothing).
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).fontSize),
    `${label}: the default font size`,
  ).toBe(`${hand.fontSize}px`)
  if (SHOTS) {
    const file = `${SHOTS}/${label.replace(/[^\w%-]+/g, '_').replace(/^_|_$/g, '')}`
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${file}.png` })
    // Not a whole-page capture: Chromium's drops the font sizes set for the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    await page.screenshot({ path: `${file}.end.png` })
  }
  await expectReflows(page, label)
  const navigation = page.getByRole('navigation', { name: 'Navegação principal' })
  if (frame === 'tabs') {
    await expect(navigation, `${label}: the navigation`).toBeVisible()
    expect.soft(await navigationEntriesOff(page), `${label}: the navigation`).toEqual([])
  } else await expect(navigation, `${label}: no navigation`).toHaveCount(0)
  const { stops, hidden } = await tabThroughScreen(page)
  expect.soft(stops.length, `${label}: focus stops`).toBeGreaterThan(0)
  expect.soft(hidden, `${label}: focus stops hidden behind a fixed part`).toEqual([])
}

/**
 * The action can be scrolled to, sits inside the viewport and is what a tap there hits (a
 * sticky answer box must not hide its own chips).
 */
async function expectReachable(page: Page, action: Locator, what: string) {
  await action.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }))
  const box = await action.boundingBox()
  expect(box, `${what} has a box`).not.toBeNull()
  const viewport = page.viewportSize()!
  // Within half a pixel: layout rounds.
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.y, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  )
  expect(box!.y + box!.height, `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  )
  const hit = await action.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return at !== null && (at === el || el.contains(at))
  })
  expect(hit, `${what} is not covered by anything`).toBe(true)
}

function forEachHand(body: (hand: Hand) => void) {
  for (const hand of [HANDS.phone, HANDS.narrow, HANDS.large])
    test.describe(hand.name, () => {
      test.use({ viewport: hand.viewport })
      test.beforeEach(async ({ page }) => {
        if (hand.fontSize !== 16) await setDefaultFontSize(page, hand.fontSize)
      })
      body(hand)
    })
}

forEachHand((hand) => {
  test('signed out: sign-in, activation, signed out, not found, unavailable', async ({ page }) => {
    await walkSignedOut(page, (label, frame) => checkScreen(page, hand, label, frame))
  })

  test('every screen of the agent shell', async ({ page, request }) => {
    test.setTimeout(240_000)
    await signIn(page, request)
    for (const [path, heading] of SHELL_ROUTES) {
      await open(page, path, heading)
      await checkScreen(page, hand, path, 'tabs')
    }
    await open(page, '/notifs', /^Notificações$/)
    await page.getByRole('main').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/notifs\/.+\/read/)
    await settled(page)
    await checkScreen(page, hand, '/notifs/:slug/read', 'tabs')
  })

  test('the visit: check-in, its pages, the chat and the report', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000)
    await signIn(page, request)
    const slug = 'T-4826'
    await placePhoneAt(
      context,
      await apiGet<Task>(request, await sessionToken(page), `/tasks/${slug}`),
    )
    await open(page, `/tasks/${slug}/checkin`, 'Check-in')
    await checkScreen(page, hand, 'check-in step', 'alone')
    await page.getByRole('button', { name: 'Fazer check-in' }).click()
    await settled(page, 'Controle da visita')
    const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
    for (const name of VISIT_PAGES) {
      await visitPages.getByRole('link', { name, exact: true }).click()
      await settled(page, name === 'Controle' ? 'Controle da visita' : /.+/)
      await checkScreen(page, hand, `visit: ${name}`, 'alone')
    }
    // A photo in the list, an attendant registered.
    const photos = await makeJpegs(page, ['fachada.jpg'])
    await visitPages.getByRole('link', { name: 'Fotos' }).click()
    await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), photos)
    await expect(
      page.getByRole('list', { name: 'Fotos e arquivos do relatório' }).getByRole('listitem'),
    ).toHaveCount(1)
    await checkScreen(page, hand, 'visit: Fotos with a photo', 'alone')
    await visitPages.getByRole('link', { name: 'Atendentes' }).click()
    await page.getByLabel('Nome do atendente').fill('Márcia Andrade')
    await page.getByRole('button', { name: 'Adicionar atendente' }).click()
    await expect(page.getByRole('list', { name: 'Atendentes registrados' })).toContainText(
      'Márcia Andrade',
    )
    await checkScreen(page, hand, 'visit: Atendentes with one', 'alone')

    // Check-out: the sheet, then the chat.
    await checkOutAnyway(page)
    await settled(page, 'Questionário')
    const composer = page.getByRole('region', { name: 'Sua resposta' })
    await expect(composer.getByRole('button', { name: 'Sim' })).toBeVisible()
    await checkScreen(page, hand, 'questionnaire: the first question', 'alone')
    await composer.getByRole('button', { name: 'Sim' }).click()
    // The second question's own "Não" (tapped at once, the first question's was still there).
    await composer
      .getByRole('group', { name: 'Você foi cumprimentado em até 1 minuto depois de entrar?' })
      .getByRole('button', { name: 'Não' })
      .click()
    await expect(composer.getByLabel('Tempo (mm:ss)')).toBeVisible()
    await checkScreen(page, hand, 'questionnaire: mid-conversation', 'alone')

    // The answer with the most options, changed: every chip and "Confirmar" within reach
    // although the answer box sticks to the bottom.
    await page.goto('/tasks/T-4828/form?q=farma-q7')
    await settled(page, 'Questionário')
    await expect(composer.getByRole('button', { name: 'Confirmar' })).toBeVisible()
    await checkScreen(page, hand, 'questionnaire: changing an answer', 'alone')
    for (const chip of await composer.getByRole('button').all())
      await expectReachable(page, chip, `${hand.name} questionnaire: ${await chip.textContent()}`)

    await open(page, `/tasks/${slug}/report`)
    await checkScreen(page, hand, 'report', 'tabs')
    for (const section of REPORT_SECTIONS) {
      await open(page, `/tasks/${slug}/report/${section}`)
      await checkScreen(page, hand, `report: ${section}`, 'tabs')
    }
  })

  test('the visit pages that come late: timeout and the offline check-out', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000)
    await page.clock.install()
    await signIn(page, request)
    await walkLateVisitPages(page, context, request, (label) =>
      checkScreen(page, hand, label, 'alone'),
    )
  })
})

test.describe(HANDS.grande.name, () => {
  test.use({ viewport: HANDS.grande.viewport })

  test('the navigation keeps its five entries, and the screens reflow', async ({
    page,
    request,
  }) => {
    // Five screens, each tabbed through to its end: the same budget per screen as the tests
    // above (the default 30 s is one screen's worth on a busy machine).
    test.setTimeout(60_000)
    await setDefaultFontSize(page, HANDS.grande.fontSize)
    await signIn(page, request)
    for (const [path, heading] of [
      ['/oppy', /^Oportunidades$/],
      ['/tasks', /^Tarefas$/],
      ['/tasks/T-4830', /.+/],
      ['/account', /.+/],
      ['/account/wallet', /^Carteira$/],
    ] as const) {
      await open(page, path, heading)
      await checkScreen(page, HANDS.grande, path, 'tabs')
    }
  })
})
