/**
 * Traits the agent can tick for an attendant met during a visit (docs/product/visit.md: "traits chosen
 * from a catalogue"). The same ten pt-BR traits the fake backend seeds reports with.
 */
export const ATTENDANT_TRAITS = [
  'cordial',
  'atencioso',
  'ágil',
  'bem informado',
  'uniformizado',
  'com crachá',
  'sorridente',
  'apressado',
  'desatento',
  'sem crachá',
] as const

export type AttendantTrait = (typeof ATTENDANT_TRAITS)[number]

export function isAttendantTrait(value: string): value is AttendantTrait {
  return (ATTENDANT_TRAITS as readonly string[]).includes(value)
}

/** Pairs that cannot both describe one attendant; choosing one drops the other. */
const OPPOSITES: ReadonlyArray<readonly [AttendantTrait, AttendantTrait]> = [
  ['com crachá', 'sem crachá'],
  ['atencioso', 'desatento'],
]

/**
 * Toggles a trait; adding one removes its opposite. Catalogue traits come in catalogue
 * order; a trait outside the catalogue (kept by an older report) stays, at the end.
 */
export function toggleTrait(traits: readonly string[], trait: AttendantTrait): string[] {
  const current = new Set<string>(traits.filter(isAttendantTrait))
  if (current.has(trait)) current.delete(trait)
  else {
    current.add(trait)
    for (const [a, b] of OPPOSITES) {
      if (trait === a) current.delete(b)
      if (trait === b) current.delete(a)
    }
  }
  return [
    ...ATTENDANT_TRAITS.filter((t) => current.has(t)),
    ...traits.filter((t) => !isAttendantTrait(t)),
  ]
}
