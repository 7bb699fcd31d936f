/** The hostile-input contract catches what it promises to catch (a test that cannot fail is a defect). */
import { describe, expect, it } from 'vitest'
import {
  HOSTILE_SAMPLES,
  LONG_HOSTILE_SAMPLES,
  TEN_KB,
  hasInvisibleOrBrokenChars,
} from './hostile-strings'
import { checkHostileInput, type SafeParser, type ValidatorContract } from './validator-contract'

const OWN = 'Informe um valor válido.'

function parserOf(read: (input: unknown) => string | null): SafeParser<string> {
  return {
    safeParse(input) {
      const message = read(input)
      return message === null
        ? { success: true, data: String(input) }
        : { success: false, error: { issues: [{ message }] } }
    },
  }
}

const contract = (read: SafeParser<string>): ValidatorContract<string> => ({
  read,
  isOwnMessage: (m) => m === OWN,
  checkAccepted: (value) => expect(value).toMatch(/^\d+$/),
})

describe('checkHostileInput', () => {
  it('passes a validator that refuses with its own message or accepts a valid value', () => {
    const good = parserOf((input) => (/^\d+$/.test(String(input)) ? null : OWN))
    for (const input of Object.values(HOSTILE_SAMPLES)) checkHostileInput(contract(good), input)
  })

  it('fails a validator that throws', () => {
    const throwing = parserOf(() => {
      throw new TypeError('boom')
    })
    expect(() => checkHostileInput(contract(throwing), 'x')).toThrow('boom')
  })

  it('fails an English default message and a message that is not the module’s own', () => {
    expect(() => checkHostileInput(contract(parserOf(() => 'Invalid input')), 'x')).toThrow()
    expect(() => checkHostileInput(contract(parserOf(() => 'Outra coisa.')), 'x')).toThrow()
    expect(() => checkHostileInput(contract(parserOf(() => '')), 'x')).toThrow()
  })

  it('fails a validator that accepts garbage', () => {
    expect(() => checkHostileInput(contract(parserOf(() => null)), '<script>')).toThrow()
  })
})

describe('hostile samples', () => {
  it('the long ones are at least 10 kB, and the invisible ones are detected', () => {
    expect(LONG_HOSTILE_SAMPLES.length).toBeGreaterThanOrEqual(5)
    for (const s of LONG_HOSTILE_SAMPLES) expect(s.length).toBeGreaterThanOrEqual(TEN_KB)
    expect(hasInvisibleOrBrokenChars(HOSTILE_SAMPLES['RTL override'])).toBe(true)
    expect(hasInvisibleOrBrokenChars(HOSTILE_SAMPLES.NUL)).toBe(true)
    expect(hasInvisibleOrBrokenChars(HOSTILE_SAMPLES['lone low surrogate'])).toBe(true)
    expect(hasInvisibleOrBrokenChars('Márcia Andrade')).toBe(false)
  })
})
