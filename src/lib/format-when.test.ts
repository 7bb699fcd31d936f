import { describe, expect, it } from 'vitest'
import { formatWhen } from './format-when'

// Instants made from the phone's wall clock, whatever zone the machine is in.
const at = (day: number, hour: number, minute: number) =>
  new Date(2026, 10, day, hour, minute).toISOString()

describe('formatWhen', () => {
  it('says "às" before a time only: the time alone today, "em" and the date on another day', () => {
    expect(formatWhen(at(28, 2, 45), Date.parse(at(28, 9, 0)))).toBe('às 02:45')
    expect(formatWhen(at(28, 2, 45), Date.parse(at(29, 0, 10)))).toBe('em 28/11/2026 às 02:45')
    expect(formatWhen(at(28, 23, 59), Date.parse(at(28, 0, 0)))).toBe('às 23:59')
  })
})
