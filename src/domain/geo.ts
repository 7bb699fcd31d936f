import { DEFAULT_CHECKIN_MAX_ACCURACY_METERS, DEFAULT_CHECKIN_RADIUS_METERS } from './constants'

/** Mean Earth radius used for distances (IUGG mean radius), in meters. */
const EARTH_RADIUS_METERS = 6371008.8

/** A point on Earth in decimal degrees. */
export interface LatLng {
  lat: number
  lng: number
}

/** A position reading from the device; accuracy is the radius of uncertainty in meters. */
export interface PositionReading extends LatLng {
  accuracy: number
}

/** A task's location; radiusMeters defaults to 300 when not set. */
export interface CheckinLocation extends LatLng {
  radiusMeters?: number | null
}

/** Why a check-in is refused: the fix is too imprecise to say where the agent is, or too far. */
export type CheckinRefusal = 'weak-signal' | 'outside'

export interface CheckinReach {
  /** Whether check-in is allowed from this reading. */
  allowed: boolean
  /** Why not, or null when allowed. A weak signal is said first: its distance means little. */
  refusal: CheckinRefusal | null
  /** Great-circle distance from the reading to the location, in meters. */
  distanceMeters: number
  /** The reading's accuracy in meters, or null when it gave none that is a number ≥ 0. */
  accuracyMeters: number | null
  /** The worst accuracy taken: the mission's, or 100 m (DEFAULT_CHECKIN_MAX_ACCURACY_METERS). */
  maxAccuracyMeters: number
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance between two points, in meters. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(Math.min(1, Math.max(0, h))))
}

/** The worst accuracy a check-in takes: the mission's when it is a positive number, else 100 m. */
export function checkinMaxAccuracy(maxAccuracyMeters: number | null | undefined): number {
  return typeof maxAccuracyMeters === 'number' &&
    Number.isFinite(maxAccuracyMeters) &&
    maxAccuracyMeters > 0
    ? maxAccuracyMeters
    : DEFAULT_CHECKIN_MAX_ACCURACY_METERS
}

/**
 * Whether the agent may check in from a position reading. Two conditions, and the accuracy
 * never helps the distance (docs/decisions/0017-gps-accuracy-proves-presence.md):
 * 1. the reading's accuracy is at most the mission's maximum (100 m by default); a missing,
 *    negative or non-finite accuracy proves nothing and is refused the same way;
 * 2. the reading is within the location's radius (300 m by default).
 * So a worse fix can only refuse more, never let the agent in from farther away.
 */
export function checkinReach(input: {
  position: PositionReading
  location: CheckinLocation
  /** The mission's `requirements.checkinMaxAccuracyMeters`; the default when not a positive number. */
  maxAccuracyMeters?: number | null
}): CheckinReach {
  const { position, location } = input
  const distance = distanceMeters(position, location)
  const accuracy =
    Number.isFinite(position.accuracy) && position.accuracy >= 0 ? position.accuracy : null
  const maxAccuracy = checkinMaxAccuracy(input.maxAccuracyMeters)
  const radius = location.radiusMeters ?? DEFAULT_CHECKIN_RADIUS_METERS
  const refusal: CheckinRefusal | null =
    accuracy === null || accuracy > maxAccuracy
      ? 'weak-signal'
      : distance <= radius
        ? null
        : 'outside'
  return {
    allowed: refusal === null,
    refusal,
    distanceMeters: distance,
    accuracyMeters: accuracy,
    maxAccuracyMeters: maxAccuracy,
  }
}

const wholeNumber = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 })
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** A distance as people read it: "850 m" below 1 km, "1,2 km" below 10 km, "12 km" above. */
export function formatDistance(meters: number): string {
  if (!Number.isFinite(meters))
    throw new RangeError(`formatDistance expects a finite number, got ${meters}`)
  const m = Math.max(0, meters)
  if (Math.round(m) < 1000) return `${wholeNumber.format(Math.round(m))} m`
  const km = m / 1000
  if (Math.round(km * 10) < 100) return `${oneDecimal.format(km)} km`
  return `${wholeNumber.format(km)} km`
}

/**
 * "Sinal de GPS fraco (±3 km). Vá para um lugar aberto e tente de novo." — a check-in refused
 * because the reading is too imprecise (`accuracyMeters` null: it gave no usable accuracy).
 */
export function weakSignalMessage(accuracyMeters: number | null): string {
  const how =
    accuracyMeters !== null && Number.isFinite(accuracyMeters)
      ? ` (±${formatDistance(accuracyMeters)})`
      : ''
  return `Sinal de GPS fraco${how}. Vá para um lugar aberto e tente de novo.`
}

/** "Você está a 850 m do local." — shown when check-in is refused for being too far. */
export function outsideRadiusMessage(distanceMeters: number): string {
  return `Você está a ${formatDistance(distanceMeters)} do local.`
}
