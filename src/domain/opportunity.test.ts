import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { OpportunityStatus } from '@/api/entities'
import { opportunityStatusValues } from '@/api/schema.gen'
import {
  checkAccept,
  checkDecline,
  effectiveOpportunityStatus,
  isInsideWindow,
  isOpportunityExpired,
} from './opportunity'

const MIN = 60_000
const HOUR = 60 * MIN
const EXPIRES = '2026-03-10T18:00:00.000Z'
const EXPIRES_MS = Date.parse(EXPIRES)
const WINDOW = { from: '2026-03-11T08:00:00.000Z', to: '2026-03-13T20:00:00.000Z' }
const FROM_MS = Date.parse(WINDOW.from)
const TO_MS = Date.parse(WINDOW.to)
const NOW = EXPIRES_MS - 2 * HOUR

const iso = (ms: number) => new Date(ms).toISOString()

function offer(status: OpportunityStatus = 'pending', expiresAt = EXPIRES) {
  return { status, expiresAt, task: { window: WINDOW } }
}

describe('expiry', () => {
  it('expires at exactly expiresAt, not a millisecond before', () => {
    expect(isOpportunityExpired(offer(), EXPIRES_MS - 1)).toBe(false)
    expect(isOpportunityExpired(offer(), EXPIRES_MS)).toBe(true)
    expect(isOpportunityExpired(offer(), EXPIRES_MS + 1)).toBe(true)
  })

  it('a pending offer becomes expired; answered offers keep their status', () => {
    expect(effectiveOpportunityStatus(offer('pending'), EXPIRES_MS - 1)).toBe('pending')
    expect(effectiveOpportunityStatus(offer('pending'), EXPIRES_MS)).toBe('expired')
    for (const status of ['accepted', 'declined', 'expired'] as const)
      expect(effectiveOpportunityStatus(offer(status), EXPIRES_MS + HOUR)).toBe(status)
  })

  it('property: effective status is expired ⇔ (pending and now ≥ expiresAt) or already expired', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...opportunityStatusValues),
        fc.integer({ min: -10 * HOUR, max: 10 * HOUR }),
        (status, delta) => {
          const now = EXPIRES_MS + delta
          const effective = effectiveOpportunityStatus(offer(status), now)
          if (status === 'pending') expect(effective).toBe(delta >= 0 ? 'expired' : 'pending')
          else expect(effective).toBe(status)
        },
      ),
    )
  })
})

describe('isInsideWindow', () => {
  it('includes both bounds', () => {
    expect(isInsideWindow(WINDOW, WINDOW.from)).toBe(true)
    expect(isInsideWindow(WINDOW, WINDOW.to)).toBe(true)
    expect(isInsideWindow(WINDOW, iso(FROM_MS - 1))).toBe(false)
    expect(isInsideWindow(WINDOW, iso(TO_MS + 1))).toBe(false)
  })

  it('compares instants, not strings (other offsets)', () => {
    expect(isInsideWindow(WINDOW, '2026-03-11T05:00:00-03:00')).toBe(true) // = from
    expect(isInsideWindow(WINDOW, '2026-03-11T04:59:59-03:00')).toBe(false)
  })

  it('rejects dates that do not parse', () => {
    expect(isInsideWindow(WINDOW, '')).toBe(false)
    expect(isInsideWindow(WINDOW, 'amanhã')).toBe(false)
  })

  it('property: inside ⇔ from ≤ t ≤ to', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM_MS - 5 * HOUR, max: TO_MS + 5 * HOUR }), (t) => {
        expect(isInsideWindow(WINDOW, iso(t))).toBe(t >= FROM_MS && t <= TO_MS)
      }),
    )
  })
})

describe('checkAccept', () => {
  it('accepts a pending offer with a date inside the window', () => {
    expect(checkAccept(offer(), WINDOW.from, NOW)).toBeNull()
    expect(checkAccept(offer(), WINDOW.to, NOW)).toBeNull()
  })

  it('refuses once expired, at exactly expiresAt', () => {
    expect(checkAccept(offer(), WINDOW.from, EXPIRES_MS - 1)).toBeNull()
    expect(checkAccept(offer(), WINDOW.from, EXPIRES_MS)?.code).toBe('opportunity_expired')
    expect(checkAccept(offer('expired'), WINDOW.from, NOW)?.code).toBe('opportunity_expired')
  })

  it('refuses offers already answered', () => {
    for (const status of ['accepted', 'declined'] as const)
      expect(checkAccept(offer(status), WINDOW.from, NOW)?.code).toBe('transition_refused')
  })

  it('refuses dates outside the window', () => {
    expect(checkAccept(offer(), iso(FROM_MS - 1), NOW)?.code).toBe('date_outside_window')
    expect(checkAccept(offer(), iso(TO_MS + 1), NOW)?.code).toBe('date_outside_window')
    expect(checkAccept(offer(), 'x', NOW)?.code).toBe('date_outside_window')
  })

  it('refuses a date in the past even inside the window (one minute of slack)', () => {
    const early = offer('pending', iso(TO_MS))
    const now = FROM_MS + 10 * HOUR
    expect(checkAccept(early, iso(now - MIN), now)).toBeNull()
    expect(checkAccept(early, iso(now - MIN - 1), now)?.code).toBe('date_outside_window')
  })

  it('every refusal has a message', () => {
    for (const r of [
      checkAccept(offer(), WINDOW.from, EXPIRES_MS),
      checkAccept(offer('accepted'), WINDOW.from, NOW),
      checkAccept(offer(), 'x', NOW),
    ])
      expect(r?.message).toMatch(/\S/)
  })
})

describe('checkDecline', () => {
  it('allows a pending offer before expiry', () => {
    expect(checkDecline(offer(), NOW)).toBeNull()
    expect(checkDecline(offer(), EXPIRES_MS - 1)).toBeNull()
  })

  it('refuses when not pending (answered, expired, or past expiresAt)', () => {
    for (const status of ['accepted', 'declined', 'expired'] as const)
      expect(checkDecline(offer(status), NOW)?.code).toBe('transition_refused')
    expect(checkDecline(offer(), EXPIRES_MS)?.code).toBe('transition_refused')
  })
})
