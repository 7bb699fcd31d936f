/**
 * The visit's timer keeps the server's time (src/lib/server-time-checks.ts): the sandbox's
 * clock moved through its control plane moves the timer within a minute, with nothing else
 * sent, as a phone's clock changed by hand mid-visit would be corrected.
 */
import { DEMO_TOKEN } from '../mocks/seed/seed'
import { SERVER_TIME_CHECK_MS } from '../src/domain/constants'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { checkInAtShop, control, taskWithoutCheckin } from './support/visit'

test.beforeEach(async ({ page, request }) => {
  await resetBackend(request)
  await page.addInitScript(() => {
    if (!localStorage.getItem('avaliador.session'))
      localStorage.setItem(
        'avaliador.session',
        JSON.stringify({
          token: 'demo-token',
          agentId: 'agt_demo',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      )
  })
})

test("the control plane's clock moves the visit timer, and the time limit with it", async ({
  page,
  context,
  request,
}) => {
  await page.clock.install()
  const task = await taskWithoutCheckin(request, DEMO_TOKEN)
  await checkInAtShop(page, context, task)
  const timer = page.getByRole('link', { name: /^Tempo de visita:/ })
  await expect(timer).toHaveText(/^00:\d\d$/)
  // The check-in has reached the server: nothing else is waiting to be sent.
  await expect(page.getByText('Tudo enviado')).toBeVisible()

  // Ten minutes pass for the server only; a minute later on the phone, the timer says so.
  await control(request, 'clock/advance', { ms: 10 * 60_000 })
  await page.clock.fastForward(SERVER_TIME_CHECK_MS)
  await expect(timer).toHaveText(/^10:\d\d$/)

  // Past the mission's limit on the server's clock: the visit has timed out.
  await control(request, 'clock/advance', { ms: 60 * 60_000 })
  await page.clock.fastForward(SERVER_TIME_CHECK_MS)
  await expect(page.getByRole('heading', { level: 1, name: 'Tempo esgotado' })).toBeVisible()
})
