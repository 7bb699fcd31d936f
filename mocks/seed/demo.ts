/**
 * The demo agent's identity: the one source for the fake backend's seed and the pacts'
 * provider states (see docs/product/preview.md).
 */
export const DEMO_AGENT_ID = 'agt_demo'
export const DEMO_PHONE = '+5511987654321'
/** Bearer token of the demo agent's ready-made session (documented in the README). */
export const DEMO_TOKEN = 'demo-token'
export const DEMO_INVITATION = { id: 'inv_demo', token: 'convite-demo' }
