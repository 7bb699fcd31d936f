/** The profile form: its fields as typed, their pt-BR validation, and the request it becomes. */
import * as z from 'zod/mini'
import { hasBrokenChars, hasVisibleText, withoutBrokenChars } from '@/domain/text-hygiene'
import { countChars } from '@/domain/text-limits'
import type { Address, Profile, ProfileInput } from '@/api/entities'
import { dateTextOf, readDateText } from '@/lib/date-text'
import { accountCopy } from './copy'
import { appDate } from '@/lib/clock'

const e = accountCopy.errors

export const BRAZIL_UFS = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
] as const satisfies ReadonlyArray<readonly [Address['state'], string]>

const UF_CODES = BRAZIL_UFS.map(([uf]) => uf) as [Address['state'], ...Address['state'][]]

/** What the form holds: every field as the agent typed it (flat, address fields prefixed). */
export type ProfileFormValues = {
  fullName: string
  displayName: string
  email: string
  birthDate: string
  'address.zip': string
  'address.street': string
  'address.number': string
  'address.complement': string
  'address.district': string
  'address.city': string
  'address.state': string
}

export type ProfileFormField = keyof ProfileFormValues

/** "01304001" or "01304-001" as typed so far → "01304-001". */
export function formatCep(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8)
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d
}

export function profileFormValues(profile: Profile): ProfileFormValues {
  const a = profile.address
  return {
    fullName: profile.fullName,
    displayName: profile.displayName,
    email: profile.email,
    birthDate: dateTextOf(profile.birthDate),
    'address.zip': formatCep(a.zip),
    'address.street': a.street,
    'address.number': a.number,
    'address.complement': a.complement ?? '',
    'address.district': a.district,
    'address.city': a.city,
    'address.state': a.state,
  }
}

/** Text the agent sees: NFC, trimmed; longer than `max` characters (code points) is refused. */
const text = (max: number, tooLong: string) =>
  z
    .pipe(
      z.string(),
      z.transform((v: string) => v.normalize('NFC').trim()),
    )
    .check(z.refine((v) => countChars(v) <= max, tooLong))

/** Refused when nothing visible was typed or when it carries characters that are not text. */
const realText = (message: string) =>
  z.refine<string>((v) => hasVisibleText(v) && !hasBrokenChars(v), message)

const required = (message: string, max: number) =>
  text(max, e.tooLong(max)).check(realText(message))

/** Today as YYYY-MM-DD in the device's time zone. */
export function todayIso(now = appDate()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

function isRealDate(iso: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    y >= 1900
  )
}

export const profileFormSchema = z.object({
  fullName: text(120, e.fullNameLong).check(
    realText(e.fullName),
    z.refine((v) => countChars(v) >= 3 && v.split(/\s+/).length >= 2, e.fullName),
  ),
  displayName: text(40, e.displayNameLong).check(realText(e.displayName)),
  email: z.pipe(z.string().check(z.trim()), z.email(e.email)),
  // Typed as dd/mm/aaaa; sent as yyyy-mm-dd.
  birthDate: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string, ctx) => {
        const date = readDateText(text)
        if (date === null || !isRealDate(date)) {
          ctx.issues.push({ code: 'custom', message: e.birthDate, input: text })
          return z.NEVER
        }
        return date
      }),
    ),
    z.string().check(z.refine((v) => v <= todayIso(), e.birthDateFuture)),
  ),
  'address.zip': z.string().check(
    z.overwrite((v) => v.replace(/\D/g, '')),
    z.refine((v) => /^\d{8}$/.test(v), e.zip),
  ),
  'address.street': required(e.street, 120),
  'address.number': required(e.number, 10),
  // Optional: characters that are not text are dropped rather than refused.
  'address.complement': z
    .pipe(
      z.string(),
      z.transform((v: string) => withoutBrokenChars(v).normalize('NFC').trim()),
    )
    .check(z.refine((v) => countChars(v) <= 60, e.tooLong(60))),
  'address.district': required(e.district, 80),
  'address.city': required(e.city, 80),
  'address.state': z.enum(UF_CODES, { error: e.state }),
})

export type ProfileFormResult =
  | { ok: true; input: ProfileInput }
  | { ok: false; errors: Partial<Record<ProfileFormField, string>> }

/** Validates what was typed; on success, the request body (trimmed, CEP as 8 digits). */
export function readProfileForm(values: ProfileFormValues): ProfileFormResult {
  const parsed = profileFormSchema.safeParse(values)
  if (!parsed.success) {
    const errors: Partial<Record<ProfileFormField, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ProfileFormField
      errors[field] ??= issue.message
    }
    return { ok: false, errors }
  }
  const v = parsed.data
  const complement = v['address.complement']
  return {
    ok: true,
    input: {
      fullName: v.fullName.replace(/\s+/g, ' '),
      displayName: v.displayName,
      email: v.email,
      birthDate: v.birthDate,
      address: {
        street: v['address.street'],
        number: v['address.number'],
        ...(complement ? { complement } : {}),
        district: v['address.district'],
        city: v['address.city'],
        state: v['address.state'],
        zip: v['address.zip'],
      },
    },
  }
}

const PROFILE_FORM_FIELDS: readonly string[] = Object.keys(profileFormSchema.shape)

/** Server field paths (422) → form fields; anything else is a general message. */
export function isProfileFormField(path: string): path is ProfileFormField {
  return PROFILE_FORM_FIELDS.includes(path)
}
