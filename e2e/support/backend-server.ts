/**
 * How the end-to-end tests start the fake backend over HTTP (scripts/serve.ts): the config's
 * server for the first worker (playwright.config.ts `webServer`) and each other worker's own
 * (e2e/support/test.ts) take the same arguments, so every worker sees the same world.
 */
import { DEFAULT_SEED } from '../../mocks/seed/scenarios'

/** Worker n's server listens on E2E_PORT + n · WORKER_PORT_STEP (a spec may use the ports just above its own: e2e/sandbox.spec.ts). */
export const WORKER_PORT_STEP = 10

/** `node` arguments of the server on `port`: no latency, a repeatable seed. */
export function serverArguments(port: number): string[] {
  return [
    '--import',
    'tsx',
    'scripts/serve.ts',
    '--port',
    String(port),
    '--latency',
    '0',
    '--seed',
    String(DEFAULT_SEED),
  ]
}
