import { describe, expect, it } from 'vitest'
import { isAttendantTrait, toggleTrait } from './attendant-traits'

describe('attendant traits', () => {
  it('toggles a trait on and off, in catalogue order', () => {
    expect(toggleTrait([], 'sorridente')).toEqual(['sorridente'])
    expect(toggleTrait(['sorridente'], 'cordial')).toEqual(['cordial', 'sorridente'])
    expect(toggleTrait(['cordial', 'sorridente'], 'cordial')).toEqual(['sorridente'])
  })

  it('drops the opposite trait', () => {
    expect(toggleTrait(['com crachá', 'ágil'], 'sem crachá')).toEqual(['ágil', 'sem crachá'])
    expect(toggleTrait(['desatento'], 'atencioso')).toEqual(['atencioso'])
  })

  it('keeps a trait outside the catalogue, after the known ones', () => {
    expect(isAttendantTrait('simpático')).toBe(false)
    expect(toggleTrait(['simpático'], 'ágil')).toEqual(['ágil', 'simpático'])
  })
})
