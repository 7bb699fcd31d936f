import { describe, expect, it } from 'vitest'
import { eventTarget, safeAppPath } from './event-links'

const q = (s: string) => new URLSearchParams(s)

describe('eventTarget', () => {
  it.each([
    ['task', 'id=tsk_4821', '/tasks/tsk_4821'],
    ['task', 'id=T-4821', '/tasks/T-4821'],
    ['validation', 'id=T-4825', '/tasks/T-4825/validation'],
    ['notification', 'slug=pagamento-disponivel-2', '/notifs/pagamento-disponivel-2/read'],
    ['oppy', 'id=tsk_4821', '/oppy/tsk_4821'],
    ['oppy', '', '/oppy'],
    ['wallet', '', '/account/wallet'],
    ['notes', '', '/notes'],
  ])('%s?%s → %s', (domain, query, path) => {
    expect(eventTarget(domain, q(query))).toBe(path)
  })

  it('refuses unknown domains and links without their id', () => {
    expect(eventTarget('promo', q('id=1'))).toBeNull()
    expect(eventTarget('task', q(''))).toBeNull()
    expect(eventTarget('task', q('id=%20'))).toBeNull()
    expect(eventTarget('notification', q('id=1'))).toBeNull()
    expect(eventTarget('validation', q(''))).toBeNull()
  })

  it('keeps ids inside their path segment', () => {
    expect(eventTarget('task', q('id=../../logout'))).toBe('/tasks/..%2F..%2Flogout')
    expect(eventTarget('task', q('id=..'))).toBeNull()
    expect(eventTarget('oppy', q('id=.'))).toBe('/oppy')
  })
})

describe('safeAppPath', () => {
  it('accepts app paths only', () => {
    expect(safeAppPath('/tasks/T-1?x=1')).toBe('/tasks/T-1?x=1')
    expect(safeAppPath('//evil.example')).toBeNull()
    expect(safeAppPath('/\\evil.example')).toBeNull()
    expect(safeAppPath('https://evil.example')).toBeNull()
    expect(safeAppPath(null)).toBeNull()
  })
})
