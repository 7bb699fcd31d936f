import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { taskStatusCodeValues } from '@/api/schema.gen'
import { AFTER_VISIT_PAGE, decideShell, TIMEOUT_PAGE, type ShellInput } from './shell-rules'

const CHECKIN_AT = '2026-03-10T12:00:00.000Z'
const T0 = Date.parse(CHECKIN_AT)
const MIN = 60_000
const checkin = { at: CHECKIN_AT, lat: -23.56, lng: -46.65, accuracy: 8, synced: true }
const checkout = { at: '2026-03-10T12:40:00.000Z', offline: true, synced: false }

const visiting: ShellInput = {
  child: 'notes',
  status: 'started',
  navigating: false,
  visit: { checkin },
  mission: { visitMaxMinutes: 90 },
  now: T0 + 10 * MIN,
}

describe('the check-in shell decides', () => {
  it('shows the visit with its navigation while checked in and within the limit', () => {
    expect(decideShell(visiting)).toEqual({ show: 'visit', timedOut: false, nav: true })
  })

  it('sends a task that is no longer started back to its page', () => {
    expect(decideShell({ ...visiting, status: 'visited' })).toEqual({
      show: 'redirect',
      to: 'hub',
    })
  })

  it('keeps the offline check-out page after the task moved on, and while a page opens', () => {
    const after = { ...visiting, status: 'visited' as const, visit: { checkin, checkout } }
    expect(decideShell({ ...after, child: AFTER_VISIT_PAGE })).toMatchObject({ show: 'visit' })
    expect(decideShell({ ...after, navigating: true })).toMatchObject({ show: 'visit' })
  })

  it('waits for the device store before anything but the status rule', () => {
    expect(decideShell({ ...visiting, visit: undefined })).toEqual({ show: 'loading-visit' })
  })

  it('asks for the check-in first when this device has none', () => {
    expect(decideShell({ ...visiting, visit: {} })).toEqual({ show: 'checkin-step' })
  })

  it('leaves only the check-out page once a check-out is recorded here', () => {
    expect(decideShell({ ...visiting, visit: { checkin, checkout } })).toEqual({
      show: 'redirect',
      to: AFTER_VISIT_PAGE,
    })
    expect(
      decideShell({ ...visiting, child: AFTER_VISIT_PAGE, visit: { checkin, checkout } }),
    ).toEqual({ show: 'visit', timedOut: false, nav: false })
  })

  it('waits for the mission (its time limit) before the timer rules', () => {
    expect(decideShell({ ...visiting, mission: undefined })).toEqual({
      show: 'loading-mission',
    })
  })

  it('never times out on a limit it cannot read (a drifted mission), so the visit goes on', () => {
    const late = { ...visiting, now: T0 + 24 * 60 * MIN }
    for (const visitMaxMinutes of [undefined, null, '90', Number.NaN]) {
      const mission = { visitMaxMinutes } as unknown as ShellInput['mission']
      expect(decideShell({ ...late, mission })).toEqual({
        show: 'visit',
        timedOut: false,
        nav: true,
      })
    }
  })

  it('past the limit, only the timeout page; at the limit exactly, too', () => {
    const late = { ...visiting, now: T0 + 90 * MIN }
    expect(decideShell(late)).toEqual({ show: 'redirect', to: TIMEOUT_PAGE })
    expect(decideShell({ ...late, child: TIMEOUT_PAGE })).toEqual({
      show: 'visit',
      timedOut: true,
      nav: false,
    })
    expect(decideShell({ ...late, now: T0 + 90 * MIN - 1000 })).toMatchObject({ show: 'visit' })
  })

  it('sends the timeout page back to the control while there is time left', () => {
    expect(decideShell({ ...visiting, child: TIMEOUT_PAGE })).toEqual({
      show: 'redirect',
      to: '',
    })
  })
})

const inputs = fc.record<ShellInput>({
  child: fc.constantFrom('', 'notes', 'times', TIMEOUT_PAGE, AFTER_VISIT_PAGE),
  status: fc.constantFrom(...taskStatusCodeValues),
  navigating: fc.boolean(),
  visit: fc.option(
    fc.record(
      { checkin: fc.constant(checkin), checkout: fc.constant(checkout) },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
  mission: fc.option(fc.record({ visitMaxMinutes: fc.integer({ min: 1, max: 600 }) }), {
    nil: undefined,
  }),
  now: fc.integer({ min: T0 - 60 * MIN, max: T0 + 24 * 60 * MIN }),
})

describe('the shell rules, for any visit', () => {
  it('never redirect while the check-out is being recorded', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        expect(decideShell({ ...input, navigating: true }).show).not.toBe('redirect')
      }),
    )
  })

  it('never loop: the page a redirect lands on keeps the agent there', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const decision = decideShell(input)
        if (decision.show !== 'redirect' || decision.to === 'hub') return
        expect(decideShell({ ...input, child: decision.to }).show).not.toBe('redirect')
      }),
    )
  })

  it('show the visit navigation only during the visit itself', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const decision = decideShell(input)
        if (decision.show === 'visit' && decision.nav) {
          expect(input.visit?.checkout).toBeUndefined()
          expect([TIMEOUT_PAGE, AFTER_VISIT_PAGE]).not.toContain(input.child)
          // Past the limit the navigation stays only for the moment the check-out is recorded.
          if (!input.navigating) expect(decision.timedOut).toBe(false)
        }
      }),
    )
  })
})
