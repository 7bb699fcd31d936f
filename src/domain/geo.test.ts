import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { DEFAULT_CHECKIN_MAX_ACCURACY_METERS } from './constants'
import {
  checkinReach,
  distanceMeters,
  formatDistance,
  outsideRadiusMessage,
  weakSignalMessage,
} from './geo'

const EARTH_RADIUS_METERS = 6371008.8
const ONE_DEGREE_METERS = (EARTH_RADIUS_METERS * Math.PI) / 180

const point = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
})

/** A point within about 0.05° (≈ 5 km) of a city in Brazil, where check-ins happen. */
const nearbyPoint = fc.record({
  lat: fc.double({ min: -23.6, max: -23.5, noNaN: true }),
  lng: fc.double({ min: -46.7, max: -46.6, noNaN: true }),
})

const accuracy = fc.double({ min: 0, max: 5000, noNaN: true })

describe('distanceMeters', () => {
  it('measures known great-circle distances', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(ONE_DEGREE_METERS, 3)
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(ONE_DEGREE_METERS, 3)
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 90, lng: 0 })).toBeCloseTo(
      (EARTH_RADIUS_METERS * Math.PI) / 2,
      3,
    )
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      EARTH_RADIUS_METERS * Math.PI,
      3,
    )
    // Praça da Sé (São Paulo) to Cristo Redentor (Rio de Janeiro): about 357 km.
    const sp = { lat: -23.5503, lng: -46.6339 }
    const rio = { lat: -22.9519, lng: -43.2105 }
    expect(distanceMeters(sp, rio)).toBeGreaterThan(355_000)
    expect(distanceMeters(sp, rio)).toBeLessThan(360_000)
  })

  it('property: symmetric', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        expect(distanceMeters(a, b)).toBeCloseTo(distanceMeters(b, a), 6)
      }),
    )
  })

  it('property: zero from a point to itself, positive to any other latitude', () => {
    fc.assert(
      fc.property(point, (a) => {
        expect(distanceMeters(a, a)).toBe(0)
      }),
    )
    fc.assert(
      fc.property(point, fc.double({ min: 0.001, max: 10, noNaN: true }), (a, shift) => {
        const b = { lat: a.lat > 0 ? a.lat - shift : a.lat + shift, lng: a.lng }
        expect(distanceMeters(a, b)).toBeGreaterThan(0)
      }),
    )
  })

  it('property: never negative nor more than half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMeters(a, b)
        expect(d).toBeGreaterThanOrEqual(0)
        expect(d).toBeLessThanOrEqual(EARTH_RADIUS_METERS * Math.PI + 1e-6)
      }),
    )
  })

  it('property: triangle inequality (within 0.5 m: haversine loses precision near antipodes)', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(distanceMeters(a, c)).toBeLessThanOrEqual(
          distanceMeters(a, b) + distanceMeters(b, c) + 0.5,
        )
      }),
    )
  })
})

describe('checkinReach', () => {
  const location = { lat: -23.5503, lng: -46.6339 }
  /** A reading `meters` north of the location. */
  const north = (meters: number, accuracy: number) => ({
    lat: location.lat + meters / ONE_DEGREE_METERS,
    lng: location.lng,
    accuracy,
  })

  it('allows a check-in within the default 300 m', () => {
    const reach = checkinReach({ position: north(290, 0), location })
    expect(reach.allowed).toBe(true)
    expect(reach.refusal).toBeNull()
    expect(reach.distanceMeters).toBeCloseTo(290, 3)
  })

  it('refuses a check-in beyond the radius', () => {
    expect(checkinReach({ position: north(310, 0), location }).refusal).toBe('outside')
    expect(
      checkinReach({ position: north(310, 0), location: { ...location, radiusMeters: null } })
        .allowed,
    ).toBe(false)
  })

  it('2.5 km away with a fix of ±3 km: refused for the weak signal, never let in by it', () => {
    const reach = checkinReach({ position: north(2500, 3000), location })
    expect(reach.allowed).toBe(false)
    expect(reach.refusal).toBe('weak-signal')
    expect(reach.accuracyMeters).toBe(3000)
    expect(reach.maxAccuracyMeters).toBe(DEFAULT_CHECKIN_MAX_ACCURACY_METERS)
    expect(weakSignalMessage(reach.accuracyMeters)).toBe(
      'Sinal de GPS fraco (±3 km). Vá para um lugar aberto e tente de novo.',
    )
  })

  it('a fix worse than the mission’s maximum is refused even at the door', () => {
    expect(checkinReach({ position: north(0, 101), location }).refusal).toBe('weak-signal')
    expect(checkinReach({ position: north(0, 100), location }).allowed).toBe(true)
    expect(checkinReach({ position: north(0, 60), location, maxAccuracyMeters: 50 }).refusal).toBe(
      'weak-signal',
    )
    expect(checkinReach({ position: north(0, 60), location, maxAccuracyMeters: 80 }).allowed).toBe(
      true,
    )
  })

  it('the accuracy never stretches the radius: 350 m away at ±80 m is outside', () => {
    const reach = checkinReach({ position: north(350, 80), location })
    expect(reach.allowed).toBe(false)
    expect(reach.refusal).toBe('outside')
  })

  it('uses the location’s own radius when set', () => {
    expect(
      checkinReach({ position: north(120, 0), location: { ...location, radiusMeters: 100 } })
        .allowed,
    ).toBe(false)
    expect(
      checkinReach({ position: north(900, 0), location: { ...location, radiusMeters: 1000 } })
        .allowed,
    ).toBe(true)
  })

  it('a negative or unknown accuracy proves nothing: refused as a weak signal', () => {
    for (const accuracy of [-50, Number.NaN, Number.POSITIVE_INFINITY]) {
      const reach = checkinReach({ position: north(10, accuracy), location })
      expect(reach.refusal).toBe('weak-signal')
      expect(reach.accuracyMeters).toBeNull()
    }
    expect(weakSignalMessage(null)).toBe(
      'Sinal de GPS fraco. Vá para um lugar aberto e tente de novo.',
    )
  })

  it('a maximum that is not a positive number falls back to the default', () => {
    for (const max of [null, undefined, 0, -1, Number.NaN])
      expect(
        checkinReach({ position: north(0, 120), location, maxAccuracyMeters: max }),
      ).toMatchObject({ refusal: 'weak-signal', maxAccuracyMeters: 100 })
  })

  const maxAccuracy = fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined })

  it('property: allowed exactly when the fix is within the maximum and the distance within the radius', () => {
    fc.assert(
      fc.property(
        nearbyPoint,
        nearbyPoint,
        accuracy,
        fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
        maxAccuracy,
        (p, l, acc, radius, max) => {
          const reach = checkinReach({
            position: { ...p, accuracy: acc },
            location: { ...l, radiusMeters: radius },
            maxAccuracyMeters: max,
          })
          expect(reach.distanceMeters).toBe(distanceMeters(p, l))
          const precise = acc <= (max ?? 100)
          const near = reach.distanceMeters <= (radius ?? 300)
          expect(reach.allowed).toBe(precise && near)
          expect(reach.refusal).toBe(precise ? (near ? null : 'outside') : 'weak-signal')
        },
      ),
    )
  })

  it('property: a worse fix never lets the agent check in from farther away', () => {
    fc.assert(
      fc.property(
        nearbyPoint,
        nearbyPoint,
        accuracy,
        accuracy,
        maxAccuracy,
        (p, l, acc1, acc2, max) => {
          const [small, large] = acc1 <= acc2 ? [acc1, acc2] : [acc2, acc1]
          const precise = checkinReach({
            position: { ...p, accuracy: small },
            location: l,
            maxAccuracyMeters: max,
          })
          const fuzzy = checkinReach({
            position: { ...p, accuracy: large },
            location: l,
            maxAccuracyMeters: max,
          })
          if (fuzzy.allowed) expect(precise.allowed).toBe(true)
        },
      ),
    )
  })

  it('property: at the location itself, only the fix decides', () => {
    fc.assert(
      fc.property(
        point,
        accuracy,
        fc.integer({ min: 0, max: 5000 }),
        maxAccuracy,
        (p, acc, radius, max) => {
          expect(
            checkinReach({
              position: { ...p, accuracy: acc },
              location: { ...p, radiusMeters: radius },
              maxAccuracyMeters: max,
            }).allowed,
          ).toBe(acc <= (max ?? 100))
        },
      ),
    )
  })
})

describe('formatDistance', () => {
  it('shows meters below 1 km, one decimal below 10 km, whole km above', () => {
    expect(formatDistance(0)).toBe('0 m')
    expect(formatDistance(850)).toBe('850 m')
    expect(formatDistance(849.6)).toBe('850 m')
    expect(formatDistance(999.4)).toBe('999 m')
    expect(formatDistance(999.6)).toBe('1 km')
    expect(formatDistance(1000)).toBe('1 km')
    expect(formatDistance(1234)).toBe('1,2 km')
    expect(formatDistance(9949)).toBe('9,9 km')
    expect(formatDistance(9960)).toBe('10 km')
    expect(formatDistance(12_400)).toBe('12 km')
    expect(formatDistance(1_234_567)).toBe('1.235 km')
  })

  it('refuses a non-finite distance', () => {
    expect(() => formatDistance(Number.NaN)).toThrow(RangeError)
  })

  it('property: always a number followed by " m" or " km"', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2e7, noNaN: true }), (meters) => {
        expect(formatDistance(meters)).toMatch(
          /^(?:\d{1,3} m|\d,\d km|\d+ km|\d{1,3}(?:\.\d{3})+ km)$/,
        )
      }),
    )
  })
})

describe('outsideRadiusMessage', () => {
  it('tells how far the agent is', () => {
    expect(outsideRadiusMessage(850)).toBe('Você está a 850 m do local.')
    expect(outsideRadiusMessage(1234)).toBe('Você está a 1,2 km do local.')
  })
})
