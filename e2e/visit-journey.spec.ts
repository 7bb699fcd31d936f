/**
 * The whole visit in the agent app at `/` (docs/product/visit.md), against the fake backend over HTTP:
 * an offer is accepted, the agent checks in at the place, registers what the mission asks,
 * checks out, answers the questionnaire chat, completes and sends the report; the validator
 * (the fake backend's control plane) contests it, the agent answers the pendency, the
 * validator approves it and the payout shows in the wallet, released 7 days later.
 */
import { expect, test } from './support/test'
import type { Report, Revision, Task, Wallet } from '../src/api/entities'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { apiGet, control, makeJpegs, pickPhotos, sessionToken } from './support/visit'
import { typeVisitTime } from './support/date-time'

// No typing delay in the chat: the bot's next question shows at once.
test.use({ reducedMotion: 'reduce' })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const TESTIMONY =
  'A atendente Márcia me recebeu logo na entrada, explicou a diferença entre FPS 30 e FPS 50 e indicou um protetor para pele oleosa.'
const JUSTIFICATION =
  'A fachada estava em reforma e coberta por tapumes; a segunda foto mostra o nome da farmácia no balcão de atendimento.'

test('an agent does a whole visit, sends the report, answers a pendency and gets paid', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  page.on('pageerror', (e) => errors.push(e.message))
  await signIn(page, request)
  const token = await sessionToken(page)

  // ------------------------------------------------------------ accept the offer
  await page
    .getByRole('link', { name: /^Compra de protetor solar,/ })
    .first()
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Compra de protetor solar' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Aceitar' }).click()
  await expect(page.getByRole('heading', { name: 'Detalhes da oportunidade' })).toBeVisible()
  await typeVisitTime(page, 'Data e horário da visita')
  await page.getByRole('button', { name: 'Aceitar e agendar' }).click()
  await expect(page).toHaveURL(/\/tasks\/T-\d+$/)
  const slug = page.url().split('/').pop()!
  const task = await apiGet<Task>(request, token, `/tasks/${slug}`)
  expect(task.status.code).toBe('started')
  expect(task.missionId).toBe('msn_farma')
  const taskId = task.id

  // ------------------------------------------------------------ check in at the place
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({
    latitude: task.location.lat + 0.0004, // ~45 m north of the door
    longitude: task.location.lng,
    accuracy: 15,
  })
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible()
  await expect(page.getByText(task.location.address)).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: /^Tempo de visita: .* Abrir controle$/ }),
  ).toBeVisible()
  await expect(page.getByText('Duração máxima: 60 minutos')).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await expect
    .poll(
      async () => (await apiGet<Task>(request, token, `/tasks/${taskId}`)).steps.checkin?.accuracy,
    )
    .toBe(15)
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })

  // ------------------------------------------------------------ attendant
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Atendentes' })).toBeVisible()
  await page.getByLabel('Nome do atendente').fill('Márcia Andrade')
  const traits = page.getByRole('group', { name: 'Características' })
  await traits.getByRole('button', { name: 'cordial' }).click()
  await expect(traits.getByRole('button', { name: 'cordial' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  const attendants = page.getByRole('list', { name: 'Atendentes registrados' })
  await expect(attendants.getByRole('listitem')).toHaveCount(1)
  await expect(attendants).toContainText('Márcia Andrade')
  await expect(attendants).toContainText('cordial')
  await expect(page.getByLabel('Nome do atendente')).toHaveValue('')

  // ------------------------------------------------------------ times, typed as mm:ss
  await visitPages.getByRole('link', { name: 'Tempos' }).click()
  for (const [label, typed] of [
    ['Tempo de espera', '02:30'],
    ['Tempo de atendimento', '07:45'],
  ] as const) {
    const card = page.getByRole('region', { name: label })
    await card.getByLabel(`${label} (mm:ss)`).fill(typed)
    await card.getByRole('button', { name: /^Salvar/ }).click()
    await expect(card.getByText(`Registrado: ${typed}`)).toBeVisible()
  }

  // ------------------------------------------------------------ photos, from the gallery input
  const photos = await makeJpegs(page, ['fachada.jpg', 'gondola.jpg', 'pergunta.jpg', 'cupom.jpg'])
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()
  await expect(page.getByText('Mínimo de 2 fotos · 0 fotos')).toBeVisible()
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), photos.slice(0, 2))
  await expect(page.getByText('Mínimo de 2 fotos · 2 fotos')).toBeVisible()
  const evidenceList = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(evidenceList.getByRole('listitem')).toHaveCount(2)
  await expect(evidenceList.getByText('Enviada')).toHaveCount(2)

  // ------------------------------------------------------------ checklist
  await visitPages.getByRole('link', { name: 'Checklist' }).click()
  for (const item of [
    'Fotografar a fachada',
    'Fotografar a gôndola de protetores',
    'Guardar o cupom fiscal',
  ])
    await page.getByRole('checkbox', { name: item }).check()
  await expect(page.getByText('3 de 3 itens feitos')).toBeVisible()

  // ------------------------------------------------------------ check out
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  const missing = page.getByRole('region', { name: 'O que ainda falta' })
  // Only what is completed in the report (receipt, audio or testimony) is still missing.
  await expect(missing).toContainText('Falta o cupom fiscal')
  await expect(missing).not.toContainText('atendente')
  await expect(missing).not.toContainText('Tempo')
  await expect(missing).not.toContainText('foto')
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
  await expect(sheet).toContainText('Falta o cupom fiscal')
  await sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()

  // ------------------------------------------------------------ the questionnaire chat
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/form$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Questionário' })).toBeVisible()
  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${taskId}`)).status.code)
    .toBe('visited')
  const chat = page.getByRole('log', { name: 'Conversa com o Avaliador' })
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  const chips = async (question: string, ...answers: string[]) => {
    const group = composer.getByRole('group', { name: question })
    for (const answer of answers) await group.getByRole('button', { name: answer }).click()
  }
  const field = async (label: string, value: string) => {
    await composer.getByLabel(label).fill(value)
    await composer.getByRole('button', { name: 'Enviar' }).click()
  }

  await chips('A fachada estava limpa e bem sinalizada?', 'Sim')
  await chips('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Sim')
  await expect(chat).toContainText('Quanto tempo você esperou até ser atendido? (mm:ss)')
  await field('Tempo (mm:ss)', '2:30')
  await expect(chat).toContainText('Envie uma foto da fachada.')
  await pickPhotos(page, composer.getByRole('button', { name: 'Foto da resposta' }), [photos[2]!])
  await chips('Como o atendente iniciou a conversa?', 'Perguntou como podia ajudar')
  await chips('O atendente explicou a diferença entre FPS 30 e FPS 50?', 'Sim')
  await expect(page.getByText('Página 2 de 3 — Atendimento').first()).toBeVisible()
  const multi = 'O que o atendente fez durante o atendimento?'
  await chips(multi, 'Ouviu minha necessidade', 'Explicou as opções')
  await composer.getByRole('button', { name: 'Confirmar' }).click()
  await chips('O atendente ofereceu o programa de fidelidade?', 'Sim')
  // showIf: the follow-up appears only because the answer was "Sim".
  await expect(chat).toContainText('Como o programa de fidelidade foi apresentado?')
  await field('Escreva sua resposta', 'Ofereceu o cadastro com CPF e explicou os descontos.')
  await chips('De 1 a 5, qual nota você dá ao atendimento?', '5')
  await expect(chat).toContainText('Quantos caixas estavam abertos?')
  await field('Número', '3')
  await chips('O atendente agradeceu e se despediu?', 'Sim')
  await expect(chat).toContainText(
    /Pronto! Você respondeu todas as perguntas obrigatórias\. Nota da visita: \d+(,\d)?\.(?!\d)/,
  )
  // The answers are the agent's bubbles; one can be tapped to change it.
  await expect(chat.getByRole('button', { name: /^Alterar a resposta “02:30”/ })).toBeVisible()
  await expect(
    chat.getByRole('button', {
      name: /^Alterar a resposta “Ouviu minha necessidade, Explicou as opções”/,
    }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Revisar relatório' }).click()

  // ------------------------------------------------------------ report overview: what is left
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/report$`))
  const sections = page.getByRole('navigation', { name: 'Partes do relatório' })
  for (const done of ['Questionário', 'Atendentes', 'Tempos', 'Checklist', 'Fotos'])
    await expect(sections.getByRole('link', { name: new RegExp(`^${done}`) })).toContainText(
      'Completo',
    )
  await expect(sections.getByRole('link', { name: /^Cupom fiscal/ })).toContainText('1 pendente')
  await expect(sections.getByRole('link', { name: /^Áudio/ })).toContainText('1 pendente')
  // Sending now is refused with what is missing (the button says so; it stays focusable).
  const send = page.getByRole('button', { name: 'Enviar relatório' })
  await expect(send).toHaveAttribute('aria-disabled', 'true')
  await send.press('Enter')
  await expect(page.getByText('O questionário tem páginas incompletas')).toBeVisible()
  await expect(page.getByText(/Ainda falta completar: .*Falta o cupom fiscal/)).toBeVisible()

  // Tax receipt: a photo, a valid CNPJ, number, amount and date.
  await sections.getByRole('link', { name: /^Cupom fiscal/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cupom fiscal' })).toBeVisible()
  await pickPhotos(page, page.getByRole('button', { name: 'Fotografar o cupom' }), [photos[3]!])
  await expect(page.getByText('Foto do cupom guardada.')).toBeVisible()
  await page.getByLabel('CNPJ do estabelecimento').fill('11222333000181')
  await expect(page.getByLabel('CNPJ do estabelecimento')).toHaveValue('11.222.333/0001-81')
  await page.getByLabel('Número do cupom').fill('004512')
  await page.getByLabel('Valor total (R$)').fill('54,90')
  const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'))
  await page.getByLabel('Data de emissão').pressSequentially(today.replace(/\D/g, ''))
  await expect(page.getByLabel('Data de emissão')).toHaveValue(today)
  await page.getByRole('button', { name: 'Salvar cupom' }).click()
  await expect(page.getByRole('list', { name: 'Cupons fiscais' })).toContainText(
    'Cupom 004512 — R$ 54,90',
  )
  await expect(page.getByRole('list', { name: 'Cupons fiscais' })).toContainText(
    'CNPJ 11.222.333/0001-81',
  )

  // Written testimony instead of audio (the mission accepts either).
  await page.goto(`/tasks/${slug}/report/testimony`)
  await expect(page.getByRole('heading', { level: 1, name: 'Depoimento escrito' })).toBeVisible()
  await page.getByLabel('Depoimento', { exact: true }).fill(TESTIMONY)
  await expect(page.getByText(`${TESTIMONY.length} de 1000 caracteres`)).toBeVisible()
  await page.getByLabel('Depoimento', { exact: true }).blur()
  await page.getByRole('link', { name: 'Voltar' }).first().click()

  // ------------------------------------------------------------ send the report
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/report$`))
  for (const done of ['Cupom fiscal', 'Áudio'])
    await expect(sections.getByRole('link', { name: new RegExp(`^${done}`) })).toContainText(
      'Completo',
    )
  await page.getByRole('button', { name: 'Enviar relatório' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/status$`))
  await expect(page.getByText('Relatório enviado para validação.')).toBeVisible()
  const current = page.getByRole('region', { name: 'Situação atual' })
  await expect(current).toContainText('Em validação')

  // What the server has: everything, once.
  const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  expect(report.submittedAt).toBeTruthy()
  expect(report.attendants).toEqual([
    expect.objectContaining({ name: 'Márcia Andrade', traits: ['cordial'] }),
  ])
  expect(report.times).toEqual(
    expect.arrayContaining([
      { code: 'espera', seconds: 150 },
      { code: 'atendimento', seconds: 465 },
    ]),
  )
  expect(report.times).toHaveLength(2)
  expect(report.evidences.filter((e) => e.kind === 'photo')).toHaveLength(3)
  expect(report.evidences.filter((e) => e.kind === 'receipt')).toHaveLength(1)
  expect(report.taxReceipts).toEqual([
    expect.objectContaining({ cnpj: '11222333000181', number: '004512', amountCents: 5490 }),
  ])
  expect(report.testimony).toBe(TESTIMONY)
  expect(report.answers.find((a) => a.questionId === 'farma-q3')?.value).toBe('02:30')
  expect(report.answers.find((a) => a.questionId === 'farma-q4')?.value).toMatch(/^evd_/)
  for (const e of report.evidences) expect(e.bytes).toBeLessThanOrEqual(0.4 * 1024 * 1024)

  // ------------------------------------------------------------ validator contests
  const pendencyMessage =
    'A foto da fachada não mostra o nome da farmácia. Envie outra ou explique.'
  await control(request, `validator/${taskId}/contest`, {
    pendencies: [{ section: 'evidences', message: pendencyMessage }],
  })
  await page.goto(`/tasks/${slug}/validation`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pendências' })).toBeVisible()
  await expect(page.getByText(/O validador pediu ajustes no relatório \(rodada 1\)/)).toBeVisible()
  const pendencySections = page.getByRole('navigation', { name: 'Partes com pendências' })
  await expect(pendencySections.getByRole('link', { name: /^Fotos/ })).toContainText(
    '0 de 1 resolvida',
  )
  await pendencySections.getByRole('link', { name: /^Fotos/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pendências — Fotos' })).toBeVisible()
  const card = page.getByRole('region', { name: /^Pendência 1/ })
  await expect(card).toContainText(pendencyMessage)
  await card.getByLabel('Justificativa').fill(JUSTIFICATION)
  await expect(card.getByText(`${JUSTIFICATION.length} de 1000 caracteres`)).toBeVisible()
  await expect(card.getByRole('heading', { name: /Resolvida$/ })).toBeVisible()
  await page.getByRole('button', { name: 'Enviar respostas' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}/status$`))
  await expect(
    page.getByText('Respostas enviadas. O relatório voltou para validação.'),
  ).toBeVisible()
  await expect(current).toContainText('Em validação')
  const revision = await apiGet<Revision>(
    request,
    token,
    `/reports/${task.reportId}/revisions/current`,
  )
  expect(revision.status).toBe('answered')
  expect(revision.pendencies[0]?.resolution?.justification).toBe(JUSTIFICATION)

  // ------------------------------------------------------------ validator approves; the wallet
  await control(request, `validator/${taskId}/approve`)
  await page.reload()
  await expect(current).toContainText('Aprovada')
  await page.goto('/account/wallet')
  await expect(page.getByRole('heading', { level: 1, name: 'Carteira' })).toBeVisible()
  const payoutRow = page
    .getByRole('list', { name: 'Movimentações' })
    .getByRole('listitem')
    .filter({ hasText: `Visita ${slug}` })
  const payout = `R$ ${(task.payoutCents / 100).toFixed(2).replace('.', ',')}`
  await expect(payoutRow).toContainText(payout)
  await expect(payoutRow).toContainText('Em análise')
  const wallet = await apiGet<Wallet>(request, token, '/wallet')
  const trx = wallet.transactions.filter((t) => t.taskId === taskId)
  expect(trx).toEqual([
    expect.objectContaining({ kind: 'task', amountCents: task.payoutCents, status: 'pending' }),
  ])

  // Seven days after the approval the payout is released.
  await control(request, 'clock/advance', { ms: 8 * 24 * 3_600_000 })
  await page.reload()
  await expect(payoutRow).toContainText(payout)
  await expect(payoutRow).toContainText('Disponível')
  const released = await apiGet<Wallet>(request, token, '/wallet')
  expect(released.transactions.find((t) => t.taskId === taskId)?.status).toBe('available')
  expect(released.balanceCents).toBe(wallet.balanceCents + task.payoutCents)
  expect(errors).toEqual([])
})
