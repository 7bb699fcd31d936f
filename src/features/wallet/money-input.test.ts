import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMoneyInput, parseMoneyInput } from './money-input'

describe('parseMoneyInput', () => {
  it.each([
    ['45,50', 4550],
    ['45,5', 4550],
    ['45', 4500],
    ['0,99', 99],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 45,50', 4550],
    [' 12 ', 1200],
  ])('%s → %i cents', (input, cents) => {
    expect(parseMoneyInput(input)).toBe(cents)
  })

  it.each(['', 'abc', '45.50', '45,505', '-10', '1.23,45', '12,', ',50', '1e3'])(
    'refuses %j',
    (input) => {
      expect(parseMoneyInput(input)).toBeNull()
    },
  )

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        (cents) => parseMoneyInput(formatMoneyInput(cents)) === cents,
      ),
    )
  })
})
