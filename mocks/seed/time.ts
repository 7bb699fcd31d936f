/** Time units and formatting the seed modules share. */
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

export const iso = (t: number) => new Date(t).toISOString()
