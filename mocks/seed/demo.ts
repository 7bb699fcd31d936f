/**
 * The demo agent's identity: the one source for the fake backend's seed and the pacts'
 * provider states (see docs/product/preview.md).
 */
export const DEMO_AGENT_ID = 'agt_demo'
export const DEMO_PHONE = '+5511987654321'
/** Bearer token of the demo agent's ready-made session (documented in the README). */
export const DEMO_TOKEN = 'demo-token'
export const DEMO_INVITATION = { id: 'inv_demo', token: 'convite-demo' }

/**
 * A second agent of the same team, for a phone shared by two agents (issue 38): its own phone
 * and sign-in code, no ready-made session, no tasks. Seeded after everything else and without
 * faker, so the demo agent's world is the same with or without it. The pacts' provider states
 * use the demo agent only.
 */
export const SECOND_AGENT = {
  id: 'agt_colega',
  phone: '+5521998765432',
  name: 'Bruno Tavares',
} as const
