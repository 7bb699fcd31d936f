/**
 * A nomination the server will always refuse (issue #42): the award was nominated from another
 * phone while this one still offered it. The refusal says what was refused and its fix —
 * "Descartar indicação" — and never "Tentar enviar de novo"; once discarded, the report can go
 * (docs/product/visit.md, "Refusals: a retry or the fix").
 */
import type { APIRequestContext } from '@playwright/test'
import type { EvaluationForm, Mission, Report, Task } from '../src/api/entities'
import { bestAnswer } from '../src/test/best-answer'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { apiGet, sessionToken } from './support/visit'

// Visited, its report with an attendant; its mission's one award.
const TASK = { id: 'tsk_4828', slug: 'T-4828' }
const AWARD = { code: 'NOTA10', title: 'Atendimento nota 10' }

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

/**
 * The visit's answers made the best ones, as the agent's report on the server (a save through
 * the API): its score, on the server and on the phone that loads it, reaches the award's goal.
 */
async function answerBest(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` }
  const task = await apiGet<Task>(request, token, `/tasks/${TASK.slug}`)
  const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  const mission = await apiGet<Mission>(request, token, `/missions/${task.missionId}`)
  const form = await apiGet<EvaluationForm>(request, token, `/forms/${mission.formId}`)
  const at = new Date().toISOString()
  const best = form.pages.flatMap((p) =>
    p.questions.flatMap((q) => {
      const value = bestAnswer(q)
      return value === undefined ? [] : [{ questionId: q.id, value, answeredAt: at }]
    }),
  )
  const answers = [
    ...report.answers.filter((a) => !best.some((b) => b.questionId === a.questionId)),
    ...best,
  ]
  const saved = await request.put(`/api/reports/${report.id}`, {
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      version: report.version,
      answers,
      attendants: report.attendants,
      times: report.times,
      checklist: report.checklist,
      evidenceIds: report.evidences.map((e) => e.id),
      taxReceipts: report.taxReceipts,
      ...(report.testimony ? { testimony: report.testimony } : {}),
      notes: report.notes,
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
}

test('a duplicate nomination offers its fix, not a retry, and the report can go once it is discarded', async ({
  page,
  request,
}) => {
  await signIn(page, request)
  const token = await sessionToken(page)
  await answerBest(request, token)
  await page.goto(`/tasks/${TASK.slug}/report/awards`)
  await expect(page.getByText('100 de 100')).toBeVisible()
  const nominate = page.getByRole('button', { name: 'Indicar atendente' })
  await expect(nominate).toBeVisible()
  await expect(page.getByLabel('Prêmio', { exact: true })).toHaveValue(AWARD.code)

  // Meanwhile, another phone of the agent nominates for the same award.
  const attendantCode = await page.getByLabel('Atendente', { exact: true }).inputValue()
  const other = await request.post('/api/awards/', {
    headers: {
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    data: { code: AWARD.code, taskId: TASK.id, attendantCode },
  })
  expect(other.status()).toBe(201)

  await nominate.click()
  const refused = page.getByRole('region', { name: 'Indicação recusada' })
  await expect(refused).toContainText('O servidor não aceita esta indicação de prêmio')
  await expect(refused).toContainText(`O prêmio “${AWARD.title}” já foi indicado nesta visita.`)
  await expect(refused).toContainText(
    'Enviar de novo teria a mesma resposta. Descarte esta indicação',
  )
  await expect(refused.getByRole('button')).toHaveText(['Descartar indicação'])
  // The screen asked the server again: the nomination made on the other phone is listed.
  await expect(
    page.getByRole('list', { name: 'Indicações desta visita' }).getByRole('listitem'),
  ).toHaveCount(1)
  await page.screenshot({ path: test.info().outputPath('refused-nomination.png') })

  // The report waits for it, and says where.
  await page.getByRole('link', { name: 'Voltar' }).first().click()
  const parts = page.getByRole('navigation', { name: 'Partes do relatório' })
  const awardsRow = parts.getByRole('link', { name: /Prêmios/ })
  await expect(awardsRow).toContainText('1 recusada')
  const submit = page.getByRole('region', { name: 'Enviar relatório' })
  await expect(submit.getByRole('listitem').filter({ hasText: 'Prêmios' })).toHaveCount(1)

  // The fix, one tap; then the nomination holds the report back no more.
  await awardsRow.click()
  await refused.getByRole('button', { name: 'Descartar indicação' }).click()
  await expect(refused).toHaveCount(0)
  await page.getByRole('link', { name: 'Voltar' }).first().click()
  await expect(awardsRow).toContainText('Completo')
  await expect(awardsRow).not.toContainText('recusada')
  await expect(submit.getByRole('listitem').filter({ hasText: 'Prêmios' })).toHaveCount(0)
})
