/**
 * Names, not codes (issue #42): over the seed's whole catalogue, every screen that shows an
 * award, a mission or a task shows its title, and at no moment its internal code (an award's
 * `code`, a mission's `id`) — not while its data loads either.
 */
import 'fake-indexeddb/auto'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { CATALOGUE } from '../../mocks/seed/catalogue'
import { DEMO_AGENT_ID } from '../../mocks/seed/seed'
import { missionIdOf } from '../../mocks/seed/tasks'
import type { Task } from '@/api/entities'
import { fakeBackend, renderRoute, routeLoaded } from '@/test/render-route'
import { seenTexts } from '@/test/seen-texts'
import { resetVisitDevice } from '@/test/visit-kit'

/** Every text the page showed since `watch`, joined: what the agent could have read. */
let seen: ReturnType<typeof seenTexts> | undefined
const watch = () => (seen = seenTexts(() => document.body))
afterEach(() => seen?.stop())

const codes = CATALOGUE.flatMap((entry) => [
  ...entry.mission.awards.map((a) => a.code),
  missionIdOf(entry.project.id),
])

function expectNoCodeEverSeen() {
  const texts = seen!.texts().join('\n')
  for (const code of codes) expect(texts).not.toMatch(new RegExp(`\\b${code}\\b`))
}

const tasksOf = (missionId: string): Task[] =>
  fakeBackend.db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID, missionId }))

/** A nomination of each award of each mission, in a task of that mission. */
async function nominateEveryAward() {
  let n = 0
  for (const entry of CATALOGUE) {
    const task = tasksOf(missionIdOf(entry.project.id))[0]!
    for (const award of entry.mission.awards)
      await fakeBackend.db.awards.create({
        id: `awd_names_${++n}`,
        code: award.code,
        taskId: task.id,
        attendantCode: 'att_1',
        attendantName: 'Renata Moura',
        score: 90,
        status: 'pending',
        createdAt: new Date().toISOString(),
      })
  }
}

describe('names, not codes, over the seed’s catalogue', () => {
  it('the catalogue has what the test needs: every award with a code and a title, every mission a task of the demo agent', async () => {
    await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
    for (const entry of CATALOGUE) {
      expect(entry.mission.awards.length).toBeGreaterThan(0)
      for (const award of entry.mission.awards) expect(award.title).not.toBe(award.code)
      expect(tasksOf(missionIdOf(entry.project.id)).length).toBeGreaterThan(0)
    }
  })

  it('the wallet lists each nominated award by its title, and each award’s page is titled by it', async () => {
    const { router } = await renderRoute('/rota-inexistente')
    await nominateEveryAward()
    watch()
    await router.navigate('/account/wallet')
    const list = await screen.findByRole('list', { name: 'Prêmios indicados' })
    for (const entry of CATALOGUE)
      for (const award of entry.mission.awards)
        expect(await within(list).findByText(award.title)).toBeInTheDocument()
    expectNoCodeEverSeen()

    for (const entry of CATALOGUE)
      for (const award of entry.mission.awards) {
        watch()
        await router.navigate(`/account/details/awards/${award.code}`)
        await routeLoaded(router)
        expect(
          await screen.findByRole('heading', { level: 1, name: award.title }),
        ).toBeInTheDocument()
        expect(await screen.findByText(award.criteria)).toBeInTheDocument()
        expectNoCodeEverSeen()
        seen!.stop()
      }
  })

  it('a task’s details name its mission and its awards by their titles', async () => {
    const { router } = await renderRoute('/rota-inexistente')
    for (const entry of CATALOGUE) {
      const task = tasksOf(missionIdOf(entry.project.id))[0]!
      watch()
      await router.navigate(`/tasks/${task.slug}/details`)
      // The award's line: its title, then its prize and goal.
      for (const award of entry.mission.awards)
        expect(
          await screen.findByText(award.title, { selector: 'li > strong' }),
        ).toBeInTheDocument()
      expect(screen.getAllByText(entry.mission.title).length).toBeGreaterThan(0)
      expectNoCodeEverSeen()
      seen!.stop()
    }
  })

  it('the task list names every task by its title', async () => {
    watch()
    await renderRoute('/tasks')
    for (const entry of CATALOGUE) {
      const shown = tasksOf(missionIdOf(entry.project.id)).filter(
        (t) => !['canceled'].includes(t.status.code),
      )
      if (shown.length > 0)
        expect((await screen.findAllByText(entry.mission.title)).length).toBeGreaterThan(0)
    }
    expectNoCodeEverSeen()
  })

  it('a visit’s report lists the mission’s awards and its nominations by their titles', async () => {
    await resetVisitDevice(DEMO_AGENT_ID)
    const { router } = await renderRoute('/rota-inexistente')
    await nominateEveryAward()
    for (const entry of CATALOGUE) {
      const visited = tasksOf(missionIdOf(entry.project.id)).find(
        (t) => t.status.code === 'visited',
      )
      if (!visited) continue
      await fakeBackend.db.awards.create({
        id: `awd_visit_${visited.id}`,
        code: entry.mission.awards[0]!.code,
        taskId: visited.id,
        attendantCode: 'att_1',
        attendantName: 'Renata Moura',
        score: 90,
        status: 'created',
        createdAt: new Date().toISOString(),
      })
      watch()
      await router.navigate(`/tasks/${visited.slug}/report/awards`)
      const nominations = await screen.findByRole('list', { name: 'Indicações desta visita' })
      expect(
        (await within(nominations).findAllByText(entry.mission.awards[0]!.title)).length,
      ).toBeGreaterThan(0)
      const awards = screen.getByRole('list', { name: 'Prêmios' })
      for (const award of entry.mission.awards)
        expect(within(awards).getByText(award.title)).toBeInTheDocument()
      expectNoCodeEverSeen()
      seen!.stop()
    }
    await resetVisitDevice(DEMO_AGENT_ID)
  })
})
