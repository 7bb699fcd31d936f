/**
 * The fake backend's clock: real time plus an offset the demo panel (or a test) moves
 * forward, so visit timeouts, offer expiries and wallet release can be shown on demand.
 */
export type FakeClock = {
  now(): number
  advance(ms: number): void
  offsetMs(): number
  set(offsetMs: number): void
}

export function createClock(
  // Read at each call (not `Date.now` captured once), so a test that holds the clock still
  // (vi.useFakeTimers({ toFake: ['Date'] })) holds the server's and the phone's alike.
  realNow: () => number = () => Date.now(),
  initialOffsetMs = 0,
): FakeClock {
  let offset = initialOffsetMs
  return {
    now: () => realNow() + offset,
    advance: (ms) => {
      if (ms < 0) throw new RangeError('The fake clock only moves forward.')
      offset += ms
    },
    offsetMs: () => offset,
    set: (ms) => {
      offset = ms
    },
  }
}
