/**
 * README.md "Demo in 5 minutes", step by step and in its order, as a presenter does it on a
 * phone: only the demo at /preview, the purple bar's panel and the app's own screens. If a
 * step of the README stops matching the app (a button renamed, a step that needs another
 * first), this test fails at that step.
 */
import type { Locator } from '@playwright/test'
import { expect, test } from './support/test'
import { makeJpegs, pickPhotos } from './support/visit'
import { acceptDemoOffer, closePanel, openPanel } from './support/demo-panel'

test.use({ reducedMotion: 'reduce', viewport: { width: 360, height: 740 } })

const TESTIMONY =
  'Fui atendida pela Renata, que explicou a diferença entre os protetores e me indicou o FPS 50 sem pressa.'
const JUSTIFICATION =
  'A fachada estava coberta por um toldo naquele dia; a foto do balcão mostra o nome da farmácia.'

/** Picks the option of a select whose text starts with `prefix` ("T-4830 — …"). */
async function chooseStartingWith(select: Locator, prefix: string) {
  const label = await select.locator('option').filter({ hasText: prefix }).first().textContent()
  expect(label?.startsWith(prefix), `an option starting with ${prefix}`).toBe(true)
  await select.selectOption({ label: label! })
}

test('the README demo, in its order: offer, check-in, visit, offline check-out, chat, report, validator, wallet, world', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const shell = page.getByRole('navigation', { name: 'Navegação principal' })

  // ------------------------------------------------------------ 1. Offers
  await page.goto('/preview')
  await expect(page.getByRole('region', { name: 'Modo demonstração' })).toBeVisible()
  const slug = await acceptDemoOffer(page)
  await expect(page.getByText('Tarefa aceita')).toBeVisible()
  const checkinLink = page.getByRole('link', { name: 'Fazer check-in' })
  await expect(checkinLink).toBeVisible()

  // ------------------------------------------------------------ 2. Arrive at the store
  let panel = await openPanel(page)
  const device = panel.getByRole('region', { name: 'Aparelho' })
  await chooseStartingWith(device.getByLabel('Local de referência'), `${slug} — `)
  // "Try Longe first".
  await device.getByRole('button', { name: 'Longe' }).click()
  await closePanel(panel)
  await checkinLink.click()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByText(/Você está a 2,5 km do local/)).toBeVisible()
  panel = await openPanel(page)
  await panel
    .getByRole('region', { name: 'Aparelho' })
    .getByRole('button', { name: 'Sinal fraco' })
    .click()
  await closePanel(panel)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(
    page.getByText('Sinal de GPS fraco (±3 km). Vá para um lugar aberto e tente de novo.'),
  ).toBeVisible()
  await expect(page.getByText(/Você está a/)).toHaveCount(0)
  panel = await openPanel(page)
  await panel
    .getByRole('region', { name: 'Aparelho' })
    .getByRole('button', { name: 'No local' })
    .click()
  await closePanel(panel)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()

  // ------------------------------------------------------------ 3. The visit
  await expect(page.getByRole('link', { name: /^Tempo de visita: / })).toBeVisible()
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await page.getByLabel('Nome do atendente').fill('Renata Moura')
  await page
    .getByRole('group', { name: 'Características' })
    .getByRole('button', { name: 'cordial' })
    .click()
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  await expect(page.getByRole('list', { name: 'Atendentes registrados' })).toContainText(
    'Renata Moura',
  )
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
  const photos = await makeJpegs(page, ['fachada.jpg', 'gondola.jpg', 'pergunta.jpg', 'cupom.jpg'])
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), photos.slice(0, 2))
  const evidence = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(evidence.getByRole('listitem')).toHaveCount(2)
  await visitPages.getByRole('link', { name: 'Checklist' }).click()
  for (const item of [
    'Fotografar a fachada',
    'Fotografar a gôndola de protetores',
    'Guardar o cupom fiscal',
  ])
    await page.getByRole('checkbox', { name: item }).check()
  await expect(page.getByText('3 de 3 itens feitos')).toBeVisible()

  // ------------------------------------------------------------ 4. Bad signal, then check-out
  panel = await openPanel(page)
  await panel.getByRole('switch', { name: 'Sem conexão' }).click()
  await closePanel(panel)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  panel = await openPanel(page)
  await panel.getByRole('switch', { name: 'Sem conexão' }).click()
  await closePanel(panel)
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible()
  await page.getByRole('link', { name: 'Responder o questionário' }).click()

  // ------------------------------------------------------------ 5. The questionnaire, the report
  await expect(page.getByRole('heading', { level: 1, name: 'Questionário' })).toBeVisible()
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
  await field('Tempo (mm:ss)', '2:30')
  await pickPhotos(page, composer.getByRole('button', { name: 'Foto da resposta' }), [photos[2]!])
  await chips('Como o atendente iniciou a conversa?', 'Perguntou como podia ajudar')
  await chips('O atendente explicou a diferença entre FPS 30 e FPS 50?', 'Sim')
  await chips('O que o atendente fez durante o atendimento?', 'Ouviu minha necessidade')
  await composer.getByRole('button', { name: 'Confirmar' }).click()
  await chips('O atendente ofereceu o programa de fidelidade?', 'Não')
  await chips('De 1 a 5, qual nota você dá ao atendimento?', '4')
  await field('Número', '3')
  await chips('O atendente agradeceu e se despediu?', 'Sim')
  await expect(chat).toContainText('Pronto! Você respondeu todas as perguntas obrigatórias.')
  // "Tap any earlier answer to change it."
  await chat.getByRole('button', { name: /^Alterar a resposta “Nota 4 de 5”/ }).click()
  await chips('De 1 a 5, qual nota você dá ao atendimento?', '5')
  await expect(
    chat.getByRole('button', { name: /^Alterar a resposta “Nota 5 de 5”/ }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Revisar relatório' }).click()

  // The send button says what is still missing, each part a link.
  await expect(page).toHaveURL(new RegExp(`/preview/tasks/${slug}/report$`))
  const send = page.getByRole('button', { name: 'Enviar relatório' })
  await expect(send).toHaveAttribute('aria-disabled', 'true')
  const missing = page.getByRole('region', { name: 'Enviar relatório' })
  await missing.getByRole('link', { name: 'Cupom fiscal' }).click()
  await pickPhotos(page, page.getByRole('button', { name: 'Fotografar o cupom' }), [photos[3]!])
  await page.getByLabel('CNPJ do estabelecimento').fill('11222333000181')
  await page.getByLabel('Número do cupom').fill('004512')
  await page.getByLabel('Valor total (R$)').fill('54,90')
  const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'))
  await page.getByLabel('Data de emissão').pressSequentially(today.replace(/\D/g, ''))
  await page.getByRole('button', { name: 'Salvar cupom' }).click()
  await expect(page.getByText('Cupom salvo no relatório.')).toBeVisible()
  await page.getByRole('link', { name: 'Voltar' }).first().click()
  await missing.getByRole('link', { name: 'Áudio ou depoimento' }).click()
  await page.getByRole('link', { name: 'Escrever um depoimento' }).click()
  await page.getByLabel('Depoimento', { exact: true }).fill(TESTIMONY)
  await page.getByRole('link', { name: 'Voltar' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: /Relatório/ })).toBeVisible()
  // "The score reaches the award's goal: under Prêmios, Indicar atendente."
  await page
    .getByRole('navigation', { name: 'Partes do relatório' })
    .getByRole('link', { name: /^Prêmios/ })
    .click()
  await page.getByRole('button', { name: 'Indicar atendente' }).click()
  const nominations = page.getByRole('list', { name: 'Indicações desta visita' })
  await expect(nominations).toContainText('Renata Moura')
  await expect(nominations).toContainText('Indicado')
  await page.getByRole('link', { name: 'Voltar' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Relatório' })).toBeVisible()
  await expect(send).not.toHaveAttribute('aria-disabled', 'true')
  await send.click()
  const current = page.getByRole('region', { name: 'Situação atual' })
  await expect(current).toContainText('Em validação')
  await expect(page.getByText('Relatório enviado para validação.')).toBeVisible()

  // ------------------------------------------------------------ 6. The validator
  panel = await openPanel(page)
  const validator = panel.getByRole('region', { name: 'Validador' })
  await chooseStartingWith(validator.getByLabel('Relatório'), `${slug} — `)
  await expect(validator.getByText('Check-in a 5 m do local, com precisão de ±12 m.')).toBeVisible()
  await validator
    .getByLabel('Mensagem da pendência 1')
    .fill('A foto da fachada não mostra o nome da farmácia. Envie outra ou explique.')
  await validator.getByRole('button', { name: 'Enviar pendências' }).click()
  await expect(panel.getByText(`Pendências enviadas para ${slug}`)).toBeVisible()
  await closePanel(panel)
  await expect(current).toContainText('Com pendências')
  // The message of the report's screen ended with it: the status says the new truth alone.
  await expect(page.getByText('Relatório enviado para validação.')).toBeHidden()
  // "The agent sees the alert Responder on every screen, and the task under Tarefas → Com
  // pendências."
  await shell.getByRole('link', { name: 'Tarefas' }).click()
  await expect(
    page.getByRole('region', { name: 'Avisos' }).getByRole('link', { name: 'Responder' }),
  ).toBeVisible()
  const contested = page.getByRole('region', { name: /^Com pendências/ })
  await contested.locator(`a[href$="/tasks/${slug}"]`).click()
  // The task's own page, not the list still on the screen while it loads (its rows name their
  // next step: "… Responder pendências").
  await expect(page).toHaveURL(new RegExp(`/preview/tasks/${slug}$`))
  await page.getByRole('link', { name: 'Responder pendências', exact: true }).click()
  await page
    .getByRole('navigation', { name: 'Partes com pendências' })
    .getByRole('link', { name: /^Fotos/ })
    .click()
  await page
    .getByRole('region', { name: /^Pendência 1/ })
    .getByLabel('Justificativa')
    .fill(JUSTIFICATION)
  await page.getByRole('button', { name: 'Enviar respostas' }).click()
  await expect(current).toContainText('Em validação')
  panel = await openPanel(page)
  await chooseStartingWith(panel.getByLabel('Relatório'), `${slug} — `)
  await panel.getByRole('button', { name: 'Aprovar' }).click()
  await expect(panel.getByText(`${slug} aprovada`)).toBeVisible()
  // "Once approved, the nomination is in analysis: Conceder or Não conceder decides it."
  const inAnalysis = panel.getByRole('list', { name: 'Indicações a prêmios em análise' })
  const nomination = inAnalysis.getByRole('listitem').filter({ hasText: `(${slug})` })
  await expect(nomination).toContainText('Atendimento nota 10 — Renata Moura')
  await nomination.getByRole('button', { name: 'Conceder', exact: true }).click()
  await expect(panel.getByText('Prêmio concedido a Renata Moura')).toBeVisible()
  await closePanel(panel)
  await expect(current).toContainText('Aprovada')

  // ------------------------------------------------------------ 7. Payment
  await shell.getByRole('link', { name: 'Conta' }).click()
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Carteira/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carteira' })).toBeVisible()
  // The answers' message of the status screen did not follow the agent here.
  await expect(page.getByText(/^Respostas enviadas/)).toBeHidden()
  const payout = page
    .getByRole('list', { name: 'Movimentações' })
    .getByRole('listitem')
    .filter({ hasText: `Visita ${slug}` })
  await expect(payout).toContainText('Em análise')
  panel = await openPanel(page)
  await panel.getByRole('button', { name: '+7 dias' }).click()
  await closePanel(panel)
  await expect(payout).toContainText('Disponível')
  // "Prêmios indicados shows the attendant's name and Concedido."
  await page
    .getByRole('list', { name: 'Prêmios indicados' })
    .getByRole('link', { name: /^Atendimento nota 10/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Atendimento nota 10' })).toBeVisible()
  const award = page.getByRole('list', { name: 'Suas indicações' }).getByRole('listitem').first()
  await expect(award).toContainText('Atendente: Renata Moura')
  await expect(award).toContainText('Concedido')

  // ------------------------------------------------------------ 8. Anything else
  panel = await openPanel(page)
  const world = panel.getByRole('region', { name: 'Mundo' })
  await world.getByRole('button', { name: 'Nova oportunidade' }).click()
  await expect(panel.getByText('Nova oportunidade enviada')).toBeVisible()
  await world.getByRole('button', { name: 'Nova notificação' }).click()
  await expect(panel.getByText('Notificação enviada')).toBeVisible()
  await world.getByRole('button', { name: 'Novo comunicado' }).click()
  await expect(panel.getByText('Comunicado enviado')).toBeVisible()
  const scenario = panel.getByRole('region', { name: 'Cenário' })
  await scenario.getByLabel('Cenário').selectOption({ label: 'Avaliador novo' })
  await scenario.getByRole('button', { name: 'Trocar cenário' }).click()
  await expect(page.getByRole('region', { name: 'Modo demonstração' })).toContainText(
    'Avaliador novo',
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
})
