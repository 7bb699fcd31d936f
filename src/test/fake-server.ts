/**
 * The fake backend in Node (msw/node) that the tests of screens and the app's client talk to:
 * one per test worker, listening from the moment this module loads. Test files share a
 * worker's modules (vitest.config.ts, `isolate: false`): this module is evaluated once per
 * worker, so it registers no hooks of its own — src/test/fresh-file.ts, a setup file, puts
 * the handlers back after every test of every file.
 */
import { setupFakeServer } from '../../mocks/node'
import { afterEveryTest } from './per-test'

const fake = await setupFakeServer()
fake.server.listen({ onUnhandledRequest: 'error' })
afterEveryTest.push(() => fake.server.resetHandlers())

export const fakeServer = fake.server
export const fakeBackend = fake.backend
export const API = fake.apiBaseUrl
