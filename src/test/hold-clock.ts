/**
 * Holds the phone's and the fake server's clock still (both read `Date`) until the test moves
 * it with `vi.setSystemTime`; timers keep running, so screens load as usual. A countdown or an
 * "Expira em" then says exactly what the time the test let pass makes it, however long a
 * loaded machine takes between the server's answer and the screen — never "60 or 59 s".
 * Released when the test ends.
 */
import { onTestFinished, vi } from 'vitest'

export function holdTheClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  onTestFinished(() => {
    vi.useRealTimers()
  })
}
