/**
 * The profile form's rules against hostile text (issue #8): any field, any text — a request
 * that satisfies the API's rules, or the form's own pt-BR message on that field.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countChars } from '@/domain/text-limits'
import {
  hasInvisibleOrBrokenChars,
  HOSTILE_SAMPLE_ENTRIES,
  hostileString,
} from '@/test/hostile-strings'
import { accountCopy } from './copy'
import {
  BRAZIL_UFS,
  formatCep,
  readProfileForm,
  type ProfileFormField,
  type ProfileFormValues,
} from './profile-form'
import { dateTextOf } from '@/lib/date-text'

const e = accountCopy.errors

const VALID: ProfileFormValues = {
  fullName: 'Ana Paula Souza',
  displayName: 'Ana',
  email: 'ana@exemplo.com.br',
  birthDate: '12/05/1990',
  'address.zip': '01304-001',
  'address.street': 'Rua Augusta',
  'address.number': '1500',
  'address.complement': 'Apto 42',
  'address.district': 'Consolação',
  'address.city': 'São Paulo',
  'address.state': 'SP',
}

/** The API's maxLength of each free-text field (openapi.yaml), in characters. */
const MAX_CHARS: Partial<Record<ProfileFormField, number>> = {
  fullName: 120,
  displayName: 40,
  'address.street': 120,
  'address.number': 10,
  'address.complement': 60,
  'address.district': 80,
  'address.city': 80,
}

const OWN_MESSAGES = new Set<string>([
  ...Object.values(e).flatMap((m) => (typeof m === 'string' ? [m] : [])),
  ...Object.values(MAX_CHARS).map((max) => e.tooLong(max)),
])

const FIELDS = Object.keys(VALID) as ProfileFormField[]

function checkField(field: ProfileFormField, text: string) {
  const result = readProfileForm({ ...VALID, [field]: text })
  if (!result.ok) {
    expect(Object.keys(result.errors)).toEqual([field])
    const message = result.errors[field]!
    expect(OWN_MESSAGES.has(message), `own pt-BR message, got “${message}”`).toBe(true)
    return
  }
  const { input } = result
  const sent: Record<ProfileFormField, string | undefined> = {
    fullName: input.fullName,
    displayName: input.displayName,
    email: input.email,
    birthDate: input.birthDate,
    'address.zip': input.address.zip,
    'address.street': input.address.street,
    'address.number': input.address.number,
    'address.complement': input.address.complement,
    'address.district': input.address.district,
    'address.city': input.address.city,
    'address.state': input.address.state,
  }
  const value = sent[field] ?? ''
  expect(value).toBe(value.trim())
  const max = MAX_CHARS[field]
  if (max !== undefined) expect(countChars(value)).toBeLessThanOrEqual(max)
  if (field === 'address.zip') expect(value).toMatch(/^\d{8}$/)
  if (field === 'birthDate') expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  if (field === 'address.state') expect(BRAZIL_UFS.map(([uf]) => uf)).toContain(value)
  if (field === 'email') expect(value).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
  if (field === 'fullName') expect(value).not.toMatch(/\s{2}/)
  // What was accepted reads back the same.
  const typedBack = field === 'birthDate' ? dateTextOf(value) : value
  expect(readProfileForm({ ...VALID, [field]: typedBack }).ok).toBe(true)
}

describe('readProfileForm against hostile text', () => {
  it.each(FIELDS)(
    '%s: any hostile text is accepted as a valid request or refused with its own message',
    (field) => {
      fc.assert(
        fc.property(hostileString, (text) => checkField(field, text)),
        { numRuns: 120 },
      )
      for (const [, sample] of HOSTILE_SAMPLE_ENTRIES) checkField(field, sample)
    },
  )

  it('answers a 10 kB paste in every field at once quickly, one message per field', () => {
    const paste = 'Ana ملك 😀\u202E<b>\u0000 '.repeat(600)
    const values = Object.fromEntries(FIELDS.map((f) => [f, paste])) as ProfileFormValues
    const start = performance.now()
    const result = readProfileForm(values)
    expect(performance.now() - start).toBeLessThan(50)
    expect(result.ok).toBe(false)
    if (!result.ok)
      for (const message of Object.values(result.errors))
        expect(OWN_MESSAGES.has(message)).toBe(true)
  })

  it('the CEP mask keeps only ASCII digits', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        expect(formatCep(text)).toMatch(/^\d{0,5}(?:-\d{1,3})?$/)
      }),
    )
  })

  // Fixed gap (kept as a regression test): the free-text fields only trim whitespace, so a street, city or name
  // made of zero-width characters ("\u200B"), or carrying NUL or a lone surrogate
  // ("Rua\u0000", "Rua\uD800"), is accepted and sent. Expected: refused with the field's
  // "Informe …" message (invisible characters are not a street) or the characters stripped.
  it('refuses free text that is invisible or carries control characters', () => {
    for (const [field, text] of [
      ['address.street', '\u200B\u200B'],
      ['address.city', 'Rua\u0000'],
      ['displayName', 'Ana\uD800'],
    ] as const) {
      expect(hasInvisibleOrBrokenChars(text)).toBe(true)
      expect(readProfileForm({ ...VALID, [field]: text }).ok, JSON.stringify(text)).toBe(false)
    }
  })

  // Fixed gap (kept as a regression test): lengths are counted in UTF-16 units (zod .max), not in the
  // characters the agent sees. A full name of 104 visible characters typed with decomposed
  // accents (iOS and macOS paste NFD: "Conceic\u0327a\u0303o" is 9 letters, 11 units) is
  // refused with "Use no máximo 120 caracteres". Expected: counted as code points after NFC
  // (like the domain's countChars and the attendant name).
  it('counts the characters the agent sees in a long name', () => {
    const name = `${'Conceição '.repeat(10)}Lima`.normalize('NFD')
    expect(countChars(name.normalize('NFC'))).toBe(104)
    expect(name.length).toBeGreaterThan(120)
    expect(readProfileForm({ ...VALID, fullName: name }).ok).toBe(true)
  })
})
