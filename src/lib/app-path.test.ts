import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileChar, hostileString } from '@/test/hostile-strings'
import { appPathOr, isAppPath } from './app-path'

const ORIGIN = 'http://127.0.0.1:4173'

/** Where a browser goes when a link of this app's page has this href. */
const landsOn = (href: string) => new URL(href, `${ORIGIN}/permissions/position`).origin

describe('isAppPath', () => {
  it('accepts the app’s own paths', () => {
    for (const path of ['/', '/tasks/T-4821', '/event/task?id=tsk_1', '/oppy#x', '/tasks/%E0%A4%A'])
      expect(isAppPath(path), path).toBe(true)
  })

  it('refuses other sites, including what a browser turns into another site', () => {
    for (const value of [
      '//example.com',
      '/\\example.com',
      '/\t/example.com',
      '/\n/example.com',
      '/\r\n/example.com',
      '\\/example.com',
      'https://example.com',
      'javascript:alert(1)',
      ' /tasks',
      '',
      null,
      undefined,
    ])
      expect(isAppPath(value), JSON.stringify(value)).toBe(false)
  })

  it('property: whatever it accepts stays on this origin when used as a link', () => {
    const slashy = fc
      .array(fc.oneof(hostileChar, fc.constantFrom('/', '\\', '\t', '\n', '.', ':', '@')), {
        maxLength: 12,
      })
      .map((chars) => `/${chars.join('')}`)
    fc.assert(
      fc.property(fc.oneof(hostileString, slashy), (value) => {
        if (isAppPath(value)) expect(landsOn(value)).toBe(ORIGIN)
        expect(appPathOr(value, '/oppy')).toBe(isAppPath(value) ? value : '/oppy')
      }),
      { numRuns: 500 },
    )
  })
})
