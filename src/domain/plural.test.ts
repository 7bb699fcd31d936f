import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { count, plural } from './plural'

describe('pt-BR plurals', () => {
  it('singular for exactly one, plural for none and for more', () => {
    expect(count(1, 'foto', 'fotos')).toBe('1 foto')
    expect(count(0, 'foto', 'fotos')).toBe('0 fotos')
    expect(count(2, 'pendência', 'pendências')).toBe('2 pendências')
    expect(`${plural(1, 'Resta', 'Restam')} ${count(1, 'tentativa', 'tentativas')}`).toBe(
      'Resta 1 tentativa',
    )
    expect(`${plural(3, 'Resta', 'Restam')} ${count(3, 'tentativa', 'tentativas')}`).toBe(
      'Restam 3 tentativas',
    )
  })

  it('property: the number, then the singular only when it is 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 100_000 }), (n) => {
        expect(count(n, 'a', 'b')).toBe(`${n} ${n === 1 ? 'a' : 'b'}`)
      }),
    )
  })
})
