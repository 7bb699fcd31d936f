/**
 * pt-BR plurals, the app's one way to write them: the screens' copy, the domain's messages
 * and the fake backend's (which is why it lives here, at the bottom of the layers). An ESLint
 * rule refuses a hand-written `n === 1 ? … : …` elsewhere (eslint.config.js).
 *
 * Exactly 1 is singular, anything else plural: "1 foto", "0 fotos", "2 fotos". Not
 * `Intl.PluralRules('pt-BR')`: CLDR puts 0 (and 1,5) in the singular ("0 foto"), which is
 * not what the app's texts say.
 */

/** `one` when `n` is 1, `many` otherwise: plural(n, 'Resta', 'Restam'). */
export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many
}

/** `n` and the word for it: count(n, 'foto', 'fotos') → "1 foto", "3 fotos". */
export function count(n: number, one: string, many: string): string {
  return `${n} ${plural(n, one, many)}`
}
