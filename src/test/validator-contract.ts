/**
 * What every validator of typed text owes the agent, checked with hostile input:
 *  - it never throws,
 *  - it answers a 10 kB paste in under 50 ms,
 *  - it either accepts, giving a normalized value that satisfies its rule (and reads the same
 *    when read again), or refuses with at least one message that is its own pt-BR message —
 *    never a default English one ("Invalid input", "Expected string").
 *
 * Written only against `safeParse` (or a plain read function), so it holds for zod and
 * zod/mini schemas alike.
 *
 *   describe('cpfSchema', () => itHandlesHostileInput({ schema: cpfSchema, … }))
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import {
  ENGLISH_DEFAULT_MESSAGE,
  fastestRunMs,
  HOSTILE_SAMPLE_ENTRIES,
  hostileAround,
  hostileString,
  LONG_HOSTILE_SAMPLES,
  longHostileString,
} from './hostile-strings'

export type SafeParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ message: string }> } }

/** Anything with zod's `safeParse` (zod classic and zod/mini both fit). */
export interface SafeParser<T> {
  safeParse(input: unknown): SafeParseResult<T>
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; messages: string[] }

/** The validator's answer, reduced to accepted value or messages. */
export function verdictOf<T>(schema: SafeParser<T>, input: unknown): Verdict<T> {
  const result = schema.safeParse(input)
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, messages: result.error.issues.map((issue) => issue.message) }
}

/** Longest time a validator may take on a 10 kB input. */
export const MAX_MS_FOR_10_KB = 50

export type ValidatorContract<T> = {
  /** Reads the input: a zod schema, or a function returning a verdict. */
  read: SafeParser<T> | ((input: string) => Verdict<T>)
  /** True for a message the module itself defines (exact, or built by its own function). */
  isOwnMessage: (message: string, input: string) => boolean
  /** Assertions on an accepted value: normalized, satisfies the rule, round-trips. */
  checkAccepted: (value: T, input: string) => void
  /** Hostile inputs; hostileString unless a validator needs a sharper one. */
  inputs?: fc.Arbitrary<string>
  /** Valid inputs, to slip hostile characters into. */
  nearValid?: fc.Arbitrary<string>
  numRuns?: number
}

function readWith<T>(contract: ValidatorContract<T>, input: string): Verdict<T> {
  return typeof contract.read === 'function'
    ? contract.read(input)
    : verdictOf(contract.read, input)
}

/** Checks one input against the contract (throws an assertion error on a breach). */
export function checkHostileInput<T>(contract: ValidatorContract<T>, input: string): void {
  const verdict = readWith(contract, input)
  if (verdict.ok) {
    contract.checkAccepted(verdict.value, input)
    return
  }
  expect(verdict.messages.length, 'a refusal carries a message').toBeGreaterThan(0)
  for (const message of verdict.messages) {
    expect(message.trim(), 'the message is not blank').not.toBe('')
    expect(contract.isOwnMessage(message, input), `own pt-BR message, got “${message}”`).toBe(true)
    expect(message).not.toMatch(ENGLISH_DEFAULT_MESSAGE)
  }
}

/** Registers the contract's tests in the current `describe`. */
export function itHandlesHostileInput<T>(contract: ValidatorContract<T>): void {
  const numRuns = contract.numRuns ?? 300

  it('answers any hostile text with a normalized value or its own pt-BR message', () => {
    fc.assert(
      fc.property(contract.inputs ?? hostileString, (input) => checkHostileInput(contract, input)),
      { numRuns },
    )
  })

  it('answers every named hostile sample (emoji, RTL, bidi, NUL, lone surrogates, markup…)', () => {
    for (const [name, value] of HOSTILE_SAMPLE_ENTRIES) {
      try {
        checkHostileInput(contract, value)
      } catch (error) {
        throw new Error(`sample “${name}”: ${String(error)}`, { cause: error })
      }
    }
  })

  const nearValid = contract.nearValid
  if (nearValid)
    it('answers valid values with hostile characters slipped in', () => {
      fc.assert(
        fc.property(hostileAround(nearValid), (input) => checkHostileInput(contract, input)),
        { numRuns },
      )
    })

  it(`answers a 10 kB paste in under ${MAX_MS_FOR_10_KB} ms`, () => {
    const longInputs = [
      ...LONG_HOSTILE_SAMPLES,
      ...fc.sample(longHostileString, { numRuns: 12, seed: 42 }),
      ...(nearValid ? fc.sample(nearValid, { numRuns: 3, seed: 7 }).map((v) => v.repeat(400)) : []),
    ]
    for (const input of longInputs) {
      readWith(contract, input) // warm up
      const ms = fastestRunMs(() => readWith(contract, input))
      expect(ms, `${input.length} UTF-16 units took ${ms.toFixed(1)} ms`).toBeLessThan(
        MAX_MS_FOR_10_KB,
      )
    }
  })
}

/** `isOwnMessage` for a module whose messages are a fixed set of strings. */
export function oneOf(...messageSets: ReadonlyArray<Record<string, unknown>>) {
  const own = new Set(
    messageSets.flatMap((set) => Object.values(set).filter((m) => typeof m === 'string')),
  )
  return (message: string) => own.has(message)
}
