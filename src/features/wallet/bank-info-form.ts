/** The bank data form: fields as typed, pt-BR validation with the domain's CPF and Pix rules, and the request. */
import * as z from 'zod/mini'
import { hasBrokenChars, hasVisibleText } from '@/domain/text-hygiene'
import { countChars } from '@/domain/text-limits'
import type { BankInfo } from '@/api/entities'
import { cpfSchema, formatCpf } from '@/domain/cpf'
import { pixKeySchema } from '@/domain/pix-key'
import { COMMON_BANKS, OTHER_BANK } from './banks'
import { walletCopy } from './copy'

const e = walletCopy.bankErrors

export type BankFormValues = {
  holderName: string
  cpf: string
  bankChoice: string
  otherBankCode: string
  branch: string
  account: string
  accountType: '' | BankInfo['accountType']
  pixKey: string
}

export type BankFormField = keyof BankFormValues

/** Form order, to focus the first field with an error. */
export const BANK_FORM_FIELDS: readonly BankFormField[] = [
  'holderName',
  'cpf',
  'bankChoice',
  'otherBankCode',
  'branch',
  'account',
  'accountType',
  'pixKey',
]

export function emptyBankForm(
  defaults: { holderName?: string; cpf?: string } = {},
): BankFormValues {
  return {
    holderName: defaults.holderName ?? '',
    cpf: defaults.cpf ? formatCpf(defaults.cpf) : '',
    bankChoice: '',
    otherBankCode: '',
    branch: '',
    account: '',
    accountType: '',
    pixKey: '',
  }
}

export function bankFormValues(bank: BankInfo): BankFormValues {
  const known = COMMON_BANKS.some((b) => b.code === bank.bankCode)
  return {
    holderName: bank.holderName,
    cpf: formatCpf(bank.cpf),
    bankChoice: known ? bank.bankCode : OTHER_BANK,
    otherBankCode: known ? '' : bank.bankCode,
    branch: bank.branch,
    account: bank.account,
    accountType: bank.accountType,
    pixKey: bank.pixKey ?? '',
  }
}

const schema = z.object({
  holderName: z
    .pipe(
      z.string(),
      z.transform((v: string) => v.normalize('NFC').trim()),
    )
    .check(
      z.refine((v) => countChars(v) <= 120, e.holderNameLong),
      z.refine((v) => hasVisibleText(v) && !hasBrokenChars(v), e.holderName),
      z.refine((v) => countChars(v) >= 3 && v.split(/\s+/).length >= 2, e.holderName),
    ),
  cpf: cpfSchema,
  bankChoice: z.string().check(z.minLength(1, e.bank)),
  otherBankCode: z.string().check(z.trim()),
  branch: z.string().check(z.trim(), z.regex(/^\d{1,5}$/, e.branch)),
  account: z.string().check(z.trim(), z.regex(/^\d{1,12}-[\dXx]$/, e.account)),
  accountType: z.enum(['corrente', 'poupanca'], { error: e.accountType }),
  // Optional: empty means no Pix key; anything typed must be a valid key.
  pixKey: z.pipe(
    z.string().check(z.trim()),
    z.transform((input: string, ctx) => {
      if (input === '') return ''
      const parsed = pixKeySchema.safeParse(input)
      if (parsed.success) return parsed.data
      for (const issue of parsed.error.issues)
        ctx.issues.push({ code: 'custom', message: issue.message, input })
      return z.NEVER
    }),
  ),
})

export type BankFormResult =
  { ok: true; bank: BankInfo } | { ok: false; errors: Partial<Record<BankFormField, string>> }

export function readBankForm(values: BankFormValues): BankFormResult {
  const parsed = schema.safeParse(values)
  const errors: Partial<Record<BankFormField, string>> = {}
  if (values.bankChoice === OTHER_BANK && !/^\d{3}$/.test(values.otherBankCode.trim()))
    errors.otherBankCode = e.otherBankCode
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as BankFormField
      errors[field] ??= issue.message
    }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors }
  const v = parsed.data
  return {
    ok: true,
    bank: {
      holderName: v.holderName.replace(/\s+/g, ' '),
      cpf: v.cpf,
      bankCode: v.bankChoice === OTHER_BANK ? v.otherBankCode.trim() : v.bankChoice,
      branch: v.branch,
      account: v.account.toUpperCase(),
      accountType: v.accountType,
      ...(v.pixKey ? { pixKey: v.pixKey } : {}),
    },
  }
}

/** A server field path (422) → the form field that shows it. */
export function bankFormFieldOf(path: string): BankFormField | undefined {
  if (path === 'bankCode') return 'bankChoice'
  return (BANK_FORM_FIELDS as readonly string[]).includes(path)
    ? (path as BankFormField)
    : undefined
}
