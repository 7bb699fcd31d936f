/** The banks most agents use (COMPE code + name); any other bank is typed by its 3-digit code. */
export const COMMON_BANKS = [
  { code: '001', name: 'Banco do Brasil' },
  { code: '033', name: 'Santander' },
  { code: '104', name: 'Caixa Econômica Federal' },
  { code: '237', name: 'Bradesco' },
  { code: '341', name: 'Itaú' },
  { code: '260', name: 'Nu Pagamentos (Nubank)' },
  { code: '077', name: 'Banco Inter' },
  { code: '336', name: 'C6 Bank' },
  { code: '290', name: 'PagSeguro (PagBank)' },
  { code: '380', name: 'PicPay' },
] as const

export const OTHER_BANK = 'outro'

/** "260 — Nu Pagamentos (Nubank)", or "Banco 748" for one not in the list. */
export function bankLabel(code: string): string {
  const bank = COMMON_BANKS.find((b) => b.code === code)
  return bank ? `${bank.code} — ${bank.name}` : `Banco ${code}`
}
