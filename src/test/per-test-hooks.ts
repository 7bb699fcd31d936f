/**
 * A setup file of every unit and component project: after each test, what shared test modules
 * registered in `afterEveryTest` (src/test/per-test.ts) runs — the fake server's handlers put
 * back (src/test/fake-server.ts). It imports no app module, so a file that mocks modules
 * (`vi.mock`) still gets its own.
 */
import { afterEach } from 'vitest'
import { afterEveryTest } from './per-test'

afterEach(async () => {
  for (const reset of afterEveryTest) await reset()
})
