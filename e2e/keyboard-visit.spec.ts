/**
 * The visit journey with the keyboard only (issue #8): sign in, find the scheduled task,
 * check in, register an attendant, the waiting time and the checklist, check out, answer the
 * questionnaire chat, complete and send the report — with Tab, Shift+Tab, Enter, Space, the
 * arrow keys and typing; never a click or a fill. Focus must be visible, go to the new
 * screen's heading after a route change, into a dialog when it opens and back to its
 * opener when it closes.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import type { Report, Task } from '../src/api/entities'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'
import { expectFocusOn, expectFocusVisible, press, tabTo } from './support/keyboard'
import { apiGet, makeJpegs, sessionToken, type JpegFile } from './support/visit'

// No typing delay in the chat: the bot's next question shows at once.
test.use({ reducedMotion: 'reduce' })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const TESTIMONY =
  'Fui atendida no balcão da padaria pela Joana, que avisou que a próxima fornada sairia em dez minutos e me ofereceu o pão da fornada anterior.'

/** The h1 of the screen has focus (after a route change). */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name })
  await expect(heading).toBeVisible()
  await expectFocusOn(heading, `the heading “${String(name)}”`)
}

/** Opens the photo sheet from its button with Enter and picks `file` from the gallery. */
async function pickPhotoByKeyboard(page: Page, opener: string, file: JpegFile) {
  const button = page.getByRole('button', { name: opener })
  await press(page, button)
  const sheet = page.getByRole('dialog', { name: opener })
  await expect(sheet).toBeVisible()
  await expectFocusOn(sheet.locator('*'), 'something inside the photo sheet')
  const gallery = sheet.getByRole('button', { name: 'Escolher da galeria' })
  await tabTo(page, gallery)
  await expectFocusVisible(page, 'the gallery button')
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Enter'),
  ])
  await chooser.setFiles(file)
  await expect(sheet).toBeHidden()
}

test('an agent does the visit with the keyboard only', async ({ page, context, request }) => {
  test.setTimeout(120_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))

  // ------------------------------------------------------------ sign in
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  await tabTo(page, page.getByLabel('Celular com DDD'))
  await expectFocusVisible(page, 'the phone field')
  await page.keyboard.type(DEMO_PHONE_DIGITS)
  await page.keyboard.press('Enter')
  await press(page, page.getByRole('button', { name: 'Digitar o código' }))
  const code = page.getByLabel('Código')
  await tabTo(page, code)
  await page.keyboard.type(await lastSignInCode(request))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  const token = await sessionToken(page)
  const slug = 'T-4826'
  const task = await apiGet<Task>(request, token, `/tasks/${slug}`)
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({
    latitude: task.location.lat + 0.0004,
    longitude: task.location.lng,
    accuracy: 15,
  })

  // ------------------------------------------------------------ the scheduled task
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await press(page, nav.getByRole('link', { name: /^Tarefas/ }), 'Enter', 80)
  await expectHeadingFocused(page, 'Tarefas')
  await expectFocusVisible(page, 'the Tarefas heading')
  // The first scheduled task in the list is T-4826.
  await press(
    page,
    page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${task.title} .* Agendada`) })
      .first(),
  )
  await expectHeadingFocused(page, task.title)
  await press(page, page.getByRole('link', { name: 'Fazer check-in' }))
  await expectHeadingFocused(page, 'Check-in')
  const checkinButton = page.getByRole('button', { name: 'Fazer check-in' })
  await tabTo(page, checkinButton)
  await expectFocusVisible(page, 'the check-in button')
  await page.keyboard.press('Enter')
  await expectHeadingFocused(page, 'Controle da visita')
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })

  // ------------------------------------------------------------ attendant
  await press(page, visitPages.getByRole('link', { name: 'Atendentes' }), 'Enter', 60)
  await expectHeadingFocused(page, 'Atendentes')
  await tabTo(page, page.getByLabel('Nome do atendente'))
  await page.keyboard.type('Joana Prado')
  const traits = page.getByRole('group', { name: 'Características' })
  await tabTo(page, traits.getByRole('button', { name: 'cordial' }))
  await expectFocusVisible(page, 'a trait chip')
  await page.keyboard.press('Space')
  await expect(traits.getByRole('button', { name: 'cordial' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await press(page, page.getByRole('button', { name: 'Adicionar atendente' }))
  const attendants = page.getByRole('list', { name: 'Atendentes registrados' })
  await expect(attendants.getByRole('listitem')).toHaveCount(1)
  await expect(attendants).toContainText('Joana Prado')

  // ------------------------------------------------------------ the waiting time
  await press(page, visitPages.getByRole('link', { name: 'Tempos' }), 'Enter', 60)
  await expectHeadingFocused(page, 'Tempos')
  // Typed as mm:ss; Enter saves (both mission times are needed to send the report).
  for (const [label, typed] of [
    ['Tempo na fila', '03:15'],
    ['Tempo de atendimento', '01:40'],
  ] as const) {
    const card = page.getByRole('region', { name: label })
    await tabTo(page, card.getByLabel(`${label} (mm:ss)`))
    await page.keyboard.type(typed)
    await page.keyboard.press('Enter')
    await expect(card.getByText(`Registrado: ${typed}`)).toBeVisible()
  }

  // ------------------------------------------------------------ a photo, from the gallery
  const photos = await makeJpegs(page, ['balcao.jpg', 'fachada.jpg', 'cupom.jpg'])
  await press(page, visitPages.getByRole('link', { name: 'Fotos' }), 'Enter', 60)
  await expectHeadingFocused(page, 'Fotos')
  await pickPhotoByKeyboard(page, 'Adicionar foto', photos[0]!)
  await expectFocusOn(
    page.getByRole('button', { name: 'Adicionar foto' }),
    'the photo button again',
  )
  await expect(
    page.getByRole('list', { name: 'Fotos e arquivos do relatório' }).getByText('Enviada'),
  ).toHaveCount(1)

  // ------------------------------------------------------------ checklist, with Space
  await press(page, visitPages.getByRole('link', { name: 'Checklist' }), 'Enter', 60)
  await expectHeadingFocused(page, 'Checklist')
  for (const item of ['Fotografar o balcão da padaria', 'Observar a fila do caixa rápido']) {
    const box = page.getByRole('checkbox', { name: item })
    await tabTo(page, box)
    await expectFocusVisible(page, `the checkbox “${item}”`)
    await page.keyboard.press('Space')
    await expect(box).toBeChecked()
  }
  await expect(page.getByText('2 de 2 itens feitos')).toBeVisible()

  // ------------------------------------------------------------ check out: the sheet
  await press(page, visitPages.getByRole('link', { name: 'Controle' }), 'Enter', 60)
  await expectHeadingFocused(page, 'Controle da visita')
  const checkout = page.getByRole('button', { name: 'Fazer check-out' })
  await press(page, checkout)
  const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
  await expect(sheet).toBeVisible()
  await expectFocusOn(sheet.locator('*'), 'something inside the check-out sheet')
  await expectFocusVisible(page, 'the first control of the check-out sheet')
  // Esc closes it and focus goes back to the button that opened it.
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expectFocusOn(checkout, 'the check-out button')
  await page.keyboard.press('Enter')
  await expect(sheet).toBeVisible()
  await press(page, sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }))

  // ------------------------------------------------------------ the questionnaire chat
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/form$`))
  const chat = page.getByRole('log', { name: 'Conversa com o Avaliador' })
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  // Each new question puts focus on its first answer: Enter (or Space) answers a chip.
  const chip = async (question: string, answer: string, key = 'Enter') => {
    const group = composer.getByRole('group', { name: question })
    await expect(group).toBeVisible()
    await tabTo(page, group.getByRole('button', { name: answer }))
    await page.keyboard.press(key)
  }
  const field = async (label: string, value: string) => {
    await tabTo(page, composer.getByLabel(label))
    await page.keyboard.type(value)
    await page.keyboard.press('Enter')
  }
  await expectFocusOn(composer.getByRole('button', { name: 'Sim' }), 'the first answer')
  await expectFocusVisible(page, 'the first answer chip')
  await chip('A fachada estava limpa e bem sinalizada?', 'Sim')
  await chip('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Não', 'Space')
  await field('Tempo (mm:ss)', '3:15')
  await expect(chat).toContainText('Envie uma foto da fachada.')
  await pickPhotoByKeyboard(page, 'Foto da resposta', photos[1]!)
  await chip('Como o atendente iniciou a conversa?', 'Perguntou como podia ajudar')
  await chip('O atendente informou quando sai a próxima fornada?', 'Sim')
  const multi = composer.getByRole('group', {
    name: 'O que o atendente fez durante o atendimento?',
  })
  await tabTo(page, multi.getByRole('button', { name: 'Ouviu minha necessidade' }))
  await page.keyboard.press('Space')
  await tabTo(page, multi.getByRole('button', { name: 'Explicou as opções' }))
  await page.keyboard.press('Space')
  await press(page, composer.getByRole('button', { name: 'Confirmar' }))
  await chip('O atendente ofereceu o programa de fidelidade?', 'Não')
  await chip('De 1 a 5, qual nota você dá ao atendimento?', '4')
  await field('Número', '2')
  await chip('O atendente agradeceu e se despediu?', 'Sim')
  await expect(chat).toContainText(/Pronto! Você respondeu todas as perguntas obrigatórias/)

  // An earlier answer can be changed from the keyboard: Shift+Tab back to its bubble.
  const greeted = chat.getByRole('button', { name: /^Alterar a resposta “Não”.*cumprimentado/ })
  await tabTo(page, greeted, { backwards: true, max: 60 })
  await expectFocusVisible(page, 'an answer bubble')
  await page.keyboard.press('Enter')
  await chip('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Sim')
  await expect(
    chat.getByRole('button', { name: /^Alterar a resposta “Sim”.*cumprimentado/ }),
  ).toBeVisible()

  // ------------------------------------------------------------ the report: receipt and testimony
  await press(page, page.getByRole('link', { name: 'Revisar relatório' }))
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/report$`))
  await expectHeadingFocused(page, /Relatório/)
  const sections = page.getByRole('navigation', { name: 'Partes do relatório' })
  await press(page, sections.getByRole('link', { name: /^Cupom fiscal/ }))
  await expectHeadingFocused(page, 'Cupom fiscal')
  await pickPhotoByKeyboard(page, 'Fotografar o cupom', photos[2]!)
  await expect(page.getByText('Foto do cupom guardada.')).toBeVisible()
  await tabTo(page, page.getByLabel('CNPJ do estabelecimento'))
  await page.keyboard.type('11222333000181')
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Número do cupom')).toBeFocused()
  await page.keyboard.type('000731')
  await tabTo(page, page.getByLabel('Valor total (R$)'))
  await page.keyboard.type('12,40')
  // A pt-BR dd/mm/aaaa text field (a native date control reads typed digits by the browser
  // build's own locale: Chromium 156.0.8078.79 put "23112026" nowhere): typed, digits only.
  await tabTo(page, page.getByLabel('Data de emissão'))
  const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'))
  await page.keyboard.type(today.replace(/\D/g, ''))
  await expect(page.getByLabel('Data de emissão')).toHaveValue(today)
  await press(page, page.getByRole('button', { name: 'Salvar cupom' }))
  await expect(page.getByRole('list', { name: 'Cupons fiscais' })).toContainText(
    'Cupom 000731 — R$ 12,40',
  )

  await press(page, page.getByRole('link', { name: 'Voltar' }).first(), 'Enter', 60)
  await expectHeadingFocused(page, /Relatório/)
  await press(page, sections.getByRole('link', { name: /^Depoimento escrito/ }))
  await expectHeadingFocused(page, /Depoimento/)
  await tabTo(page, page.getByLabel('Depoimento', { exact: true }))
  await page.keyboard.type(TESTIMONY)
  await expect(page.getByText(`${TESTIMONY.length} de 1000 caracteres`)).toBeVisible()
  await press(page, page.getByRole('link', { name: 'Voltar' }).first(), 'Enter', 60)

  // ------------------------------------------------------------ send
  await expectHeadingFocused(page, /Relatório/)
  for (const done of ['Questionário', 'Atendentes', 'Tempos', 'Checklist', 'Fotos', 'Cupom fiscal'])
    await expect(sections.getByRole('link', { name: new RegExp(`^${done}`) })).toContainText(
      'Completo',
    )
  await press(page, page.getByRole('button', { name: 'Enviar relatório' }))
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/status$`))
  await expect(page.getByText('Relatório enviado para validação.')).toBeVisible()
  await expectFocusOn(page.getByRole('heading', { level: 1 }), 'the heading of the task status')
  await expectFocusVisible(page, 'the heading of the task status')

  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${slug}`)).status.code)
    .toBe('validating')
  const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  expect(report.attendants).toEqual([
    expect.objectContaining({ name: 'Joana Prado', traits: ['cordial'] }),
  ])
  expect(report.times).toEqual(
    expect.arrayContaining([
      { code: 'fila', seconds: 195 },
      { code: 'atendimento', seconds: 100 },
    ]),
  )
  expect(report.checklist.filter((c) => c.checked)).toHaveLength(2)
  expect(report.testimony).toBe(TESTIMONY)
  expect(report.taxReceipts).toEqual([
    expect.objectContaining({ number: '000731', amountCents: 1240 }),
  ])
  expect(errors).toEqual([])
})
