import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateTextOf, maskDate, maskTime, readDateText, readTimeText } from './date-text'
import { formatMmSs, parseMmSs } from '@/domain/time-entry'
import { dateTimeTextAt, instantFromDateTimeText } from './sao-paulo-time'

/** What the field shows after each key, typing `keys` one by one into an empty field. */
function typeInto(mask: (text: string) => string, keys: string) {
  let value = ''
  for (const key of keys) value = mask(value + key)
  return value
}

describe('dd/mm/aaaa as typed', () => {
  it('puts the slashes in while digits are typed', () => {
    expect(typeInto(maskDate, '25112026')).toBe('25/11/2026')
    expect(typeInto(maskDate, '251')).toBe('25/1')
    expect(typeInto(maskDate, '2')).toBe('2')
  })

  it('completes a one-digit day or month closed by a slash', () => {
    expect(typeInto(maskDate, '5/3/2026')).toBe('05/03/2026')
    expect(maskDate('5/')).toBe('05/')
  })

  it('keeps at most eight digits and drops anything else', () => {
    expect(maskDate('25.11.2026')).toBe('25/11/2026')
    expect(maskDate('25/11/20261234')).toBe('25/11/2026')
    expect(maskDate('ab')).toBe('')
  })

  it('lets the agent delete back to nothing', () => {
    let value = '25/11/2026'
    while (value !== '') value = maskDate(value.slice(0, -1))
    expect(value).toBe('')
  })

  it('any text gives dd/mm/aaaa so far: only digits and slashes, never more than 10 characters', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const masked = maskDate(text)
        expect(masked).toMatch(/^(\d{0,2}|\d{2}\/\d{0,2}|\d{2}\/\d{2}\/\d{0,4})$/)
        expect(maskDate(masked)).toBe(masked)
      }),
    )
  })

  it('reads a real day only', () => {
    expect(readDateText('25/11/2026')).toBe('2026-11-25')
    expect(readDateText('29/02/2028')).toBe('2028-02-29')
    expect(readDateText('29/02/2026')).toBeNull()
    expect(readDateText('31/04/2026')).toBeNull()
    expect(readDateText('00/01/2026')).toBeNull()
    expect(readDateText('25/11/26')).toBeNull()
    expect(readDateText('2026-11-25')).toBeNull()
    expect(dateTextOf('2026-11-25')).toBe('25/11/2026')
  })
})

describe('hh:mm as typed', () => {
  it('puts the colon in after the hour', () => {
    expect(typeInto(maskTime, '1530')).toBe('15:30')
    expect(typeInto(maskTime, '9:05')).toBe('09:05')
    expect(maskTime('15:')).toBe('15:')
    expect(maskTime('15h30')).toBe('15:30')
  })

  it('any text gives hh:mm so far', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const masked = maskTime(text)
        expect(masked).toMatch(/^(\d{0,2}|\d{2}:\d{0,2})$/)
        expect(maskTime(masked)).toBe(masked)
      }),
    )
  })

  it('reads 00:00 to 23:59 only', () => {
    expect(readTimeText('00:00')).toBe('00:00')
    expect(readTimeText('23:59')).toBe('23:59')
    expect(readTimeText('24:00')).toBeNull()
    expect(readTimeText('12:60')).toBeNull()
    expect(readTimeText('9:30')).toBeNull()
  })
})

describe('São Paulo date and time as typed', () => {
  it('shows an instant as São Paulo wall-clock text and reads it back', () => {
    const at = '2026-11-26T18:00:00.000Z'
    expect(dateTimeTextAt(at)).toEqual({ date: '26/11/2026', time: '15:00' })
    expect(instantFromDateTimeText('26/11/2026', '15:00')).toBe(at)
  })

  it('is null until both parts are complete and real', () => {
    expect(instantFromDateTimeText('26/11/2026', '15:')).toBeNull()
    expect(instantFromDateTimeText('31/11/2026', '15:00')).toBeNull()
    expect(instantFromDateTimeText('', '')).toBeNull()
  })
})

describe('mm:ss typed with digits only (a phone keypad without a colon)', () => {
  it('any duration under 100 minutes, typed as its four digits, reads back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 * 60 + 59 }), (seconds) => {
        const shown = formatMmSs(seconds)
        const typed = typeInto(maskTime, shown.replace(':', ''))
        expect(typed).toBe(shown)
        expect(parseMmSs(typed)).toBe(seconds)
      }),
    )
  })

  it('one or two digits stay bare seconds; the colon goes in with the third', () => {
    expect(typeInto(maskTime, '45')).toBe('45')
    expect(parseMmSs(typeInto(maskTime, '45'))).toBe(45)
    expect(typeInto(maskTime, '023')).toBe('02:3')
    expect(parseMmSs(typeInto(maskTime, '023'))).toBeNull()
  })

  it('any keys give digits and at most one colon, never more than mm:ss', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...'0123456789:x'), { maxLength: 12 }), (keys) => {
        const typed = typeInto(maskTime, keys.join(''))
        expect(typed).toMatch(/^(\d{0,2}|\d{2}:\d{0,2})$/)
      }),
    )
  })
})
