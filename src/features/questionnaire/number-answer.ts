/**
 * A number answer as the agent types it: ASCII digits, an optional sign and one decimal
 * separator (comma or dot) — "7", "-2", "7,5", "0.25". Not what `Number()` also reads:
 * hexadecimal ("0x1F"), exponents ("1e3"), "Infinity", or digits of other scripts.
 */
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/

export function parseNumberAnswer(text: string): number | null {
  const trimmed = text.trim()
  if (!DECIMAL.test(trimmed)) return null
  const n = Number(trimmed.replace(',', '.'))
  return Number.isFinite(n) ? n : null
}
