/**
 * Deterministic pt-BR seed of the fake database: the same seed, scenario and clock give the
 * same world. What each scenario holds is the table in ./scenarios; the parts are seeded in a
 * fixed order (catalogue, agent, tasks, inbox) because they draw from one faker sequence.
 */
import { Faker, pt_BR, base } from '@faker-js/faker'
import type { Database } from '../db'
import { seedAgent, seedSecondAgent } from './agent'
import { CATALOGUE, TERMS_BODY, TERMS_VERSION } from './catalogue'
import { seedBulletins, seedNotifications } from './inbox'
import { SCENARIO_PLANS, type ScenarioName } from './scenarios'
import { missionIdOf, seedTasks } from './tasks'
import { DAY, iso } from './time'

export { DEMO_AGENT_ID, DEMO_INVITATION, DEMO_PHONE, DEMO_TOKEN, SECOND_AGENT } from './demo'
export {
  DEFAULT_SCENARIO,
  DEFAULT_SEED,
  SCENARIOS,
  isScenarioName,
  scenarioLabel,
  type ScenarioName,
} from './scenarios'
export { missionIdOf } from './tasks'

type SeedOptions = { seed: number; scenario: ScenarioName; now: number }

export async function seedDatabase(db: Database, { seed, scenario, now }: SeedOptions) {
  const plan = SCENARIO_PLANS[scenario]
  const faker = new Faker({ locale: [pt_BR, base] })
  faker.seed(seed)
  faker.setDefaultRefDate(now)

  await seedCatalogue(db, now)
  await seedAgent(db, faker, { now, settledIn: plan.settledIn })
  await seedTasks(db, faker, now, plan)
  await seedNotifications(db, faker, now, plan.notifications)
  await seedBulletins(db, now)
  // Last, and with no faker draw: the demo agent's world is the same with it or without it.
  await seedSecondAgent(db, { settledIn: plan.settledIn })
}

/** Projects with their current cycle, forms, missions and the terms (not yet accepted). */
async function seedCatalogue(db: Database, now: number) {
  const cycleStart = now - 20 * DAY
  for (const entry of CATALOGUE) {
    const cycleId = `cyc_${entry.project.id.slice(4)}_2026`
    await db.projects.create({
      ...entry.project,
      cycleId,
      cycle: { id: cycleId, startsAt: iso(cycleStart), endsAt: iso(cycleStart + 60 * DAY) },
    })
    await db.forms.create(entry.form)
    await db.missions.create({
      ...entry.mission,
      id: missionIdOf(entry.project.id),
      projectId: entry.project.id,
      formId: entry.form.id,
    })
  }
  await db.terms.create({
    version: TERMS_VERSION,
    title: 'Termos de uso do Avaliador',
    body: TERMS_BODY,
    publishedAt: iso(now - 30 * DAY),
    acceptedAt: null,
  })
}
