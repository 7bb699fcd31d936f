/**
 * The demo's scenarios and what each one seeds. One table: the seed reads it, the demo panel
 * and `npm run serve -- --scenario` list its names.
 */
import type { TaskStatusCode } from '@/api/entities'

export const SCENARIOS = ['new-agent', 'busy-agent', 'contested', 'large'] as const
export type ScenarioName = (typeof SCENARIOS)[number]
export const DEFAULT_SCENARIO: ScenarioName = 'busy-agent'
export const DEFAULT_SEED = 4821

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value)
}

export type ScenarioPlan = {
  /** How the demo names it (banner and panel), in pt-BR. */
  label: string
  /** Terms accepted and bank data on file (false: just activated). */
  settledIn: boolean
  /** Pending offers on the opportunities page. */
  offers: number
  /** The agent's own tasks, cycling through `statuses` until `tasks` are made. */
  statuses: readonly TaskStatusCode[]
  tasks: number
  notifications: number
}

/** Tasks in every status a list can show. */
const EVERY_STATUS: readonly TaskStatusCode[] = [
  'started',
  'started',
  'visited',
  'validating',
  'contested',
  'approved',
  'approved',
  'approved',
  'canceled',
  'rejected',
]

const CONTESTED: readonly TaskStatusCode[] = [
  'contested',
  'contested',
  'started',
  'validating',
  'approved',
  'approved',
]

export const SCENARIO_PLANS: Record<ScenarioName, ScenarioPlan> = {
  // Just activated: a few offers, no tasks, no bank data, terms not accepted.
  'new-agent': {
    label: 'Avaliador novo',
    settledIn: false,
    offers: 3,
    statuses: [],
    tasks: 0,
    notifications: 2,
  },
  // Tasks in every status, offers, notifications, a wallet with history.
  'busy-agent': {
    label: 'Avaliador ativo',
    settledIn: true,
    offers: 5,
    statuses: EVERY_STATUS,
    tasks: EVERY_STATUS.length,
    notifications: 8,
  },
  // Reports under open pendencies to resolve.
  contested: {
    label: 'Com pendências',
    settledIn: true,
    offers: 5,
    statuses: CONTESTED,
    tasks: CONTESTED.length,
    notifications: 8,
  },
  // Scale and list performance.
  large: {
    label: 'Conta grande',
    settledIn: true,
    offers: 40,
    statuses: EVERY_STATUS,
    tasks: 5000,
    notifications: 20_000,
  },
}

/** The scenario's pt-BR name, for the demo's banner and panel. */
export function scenarioLabel(name: ScenarioName): string {
  return SCENARIO_PLANS[name].label
}
