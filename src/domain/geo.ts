import { DEFAULT_CHECKIN_RADIUS_METERS } from './constants'

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

export interface CheckinReach {
  /** Whether check-in is allowed from this reading. */
  allowed: boolean
  /** Great-circle distance from the reading to the location, in meters. */
  distanceMeters: number
  /** The distance minus the reading's accuracy (never below 0): the most favourable estimate. */
  effectiveDistanceMeters: number
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

/**
 * Whether the agent may check in from a position reading: the reading's accuracy is given
 * to the agent, so check-in is allowed when distance − accuracy is within the location's
 * radius (300 m by default). A missing, negative or non-finite accuracy counts as 0.
 */
export function checkinReach(input: {
  position: PositionReading
  location: CheckinLocation
}): CheckinReach {
  const { position, location } = input
  const distance = distanceMeters(position, location)
  const accuracy =
    Number.isFinite(position.accuracy) && position.accuracy > 0 ? position.accuracy : 0
  const radius = location.radiusMeters ?? DEFAULT_CHECKIN_RADIUS_METERS
  const effective = Math.max(0, distance - accuracy)
  return {
    allowed: effective <= radius,
    distanceMeters: distance,
    effectiveDistanceMeters: effective,
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

/** "Você está a 850 m do local." — shown when check-in is refused for being too far. */
export function outsideRadiusMessage(distanceMeters: number): string {
  return `Você está a ${formatDistance(distanceMeters)} do local.`
}
