/**
 * Hostile text for property tests and form tests: what an agent's keyboard, a copy-paste from
 * a chat app or a malicious link can put into a field. Full Unicode (astral emoji with ZWJ
 * sequences and skin tones, combining marks), right-to-left scripts and bidi controls,
 * zero-width and control characters, lone surrogates, whitespace that is not a space, very
 * long pastes, markup and SQL, and numbers written as text.
 *
 *   fc.assert(fc.property(hostileString, (input) => { schema.safeParse(input) }))
 *   for (const [name, value] of HOSTILE_SAMPLE_ENTRIES) …
 */
import fc from 'fast-check'

/** 10 kB: a long paste (a whole chat log, a document) into a one-line field. */
export const TEN_KB = 10 * 1024

/** Repeats `unit` until the text is at least `minUnits` UTF-16 units long. */
export function repeatTo(unit: string, minUnits = TEN_KB): string {
  if (unit === '') throw new RangeError('repeatTo needs a non-empty unit')
  return unit.repeat(Math.ceil(minUnits / unit.length))
}

/** Named hostile values, each one a case a form or a validator must survive. */
export const HOSTILE_SAMPLES = {
  empty: '',
  'emoji ZWJ family': '👨‍👩‍👧‍👦',
  'emoji skin tone': '👍🏽👩🏿‍💻',
  'emoji flag': '🇧🇷',
  'emoji only name': '😀 😀',
  'combining marks': 'Jose\u0301 Ma\u0303o',
  zalgo: 'Z̷̢̛̪͎̈́a̶̛̠͙l̵̢̛̰g̷̪̊o̸̧̊',
  arabic: 'محمد علي',
  hebrew: 'שלום עולם',
  'arabic-indic digits': '١٢٣٤٥٦٧٨٩٠١',
  'fullwidth digits': '１２３４５６７８９０１',
  'RTL override': '\u202Egnp.exe',
  'bidi isolates': '\u2066abc\u2069\u2067def\u2069',
  'zero-width space': 'Ana\u200BSilva',
  'zero-width only': '\u200B\u200C\u200D\uFEFF',
  NUL: 'a\u0000b',
  'control chars': '\u0001\u0007\u001B[31m\u007F\u0085',
  'lone high surrogate': 'a\uD800b',
  'lone low surrogate': '\uDC00',
  'whitespace only': ' \t\n\r\u00A0\u2003\u3000 ',
  'line separators': 'a\u2028b\u2029c',
  'html script': '<script>alert(1)</script>',
  'html img onerror': '<img src=x onerror=alert(1)>',
  'svg onload': '<svg onload=alert(1)>',
  sql: "'; DROP TABLE tasks; --",
  'sql or': "' OR '1'='1",
  'template literal': '${7*7}{{7*7}}',
  'path traversal': '../../etc/passwd',
  'percent garbage': '%E0%A4%A%00%',
  '1e309': '1e309',
  '-0': '-0',
  NaN: 'NaN',
  Infinity: 'Infinity',
  hex: '0x1F',
  'negative number': '-45,90',
  'huge number': '99999999999999999999999999',
  __proto__: '__proto__',
  constructor: 'constructor',
  'null text': 'null',
  'undefined text': 'undefined',
  '10 kB letters': repeatTo('a'),
  '10 kB emoji': repeatTo('👨‍👩‍👧‍👦'),
  '10 kB digits': repeatTo('1234567890'),
  '10 kB spaces': repeatTo(' '),
  '10 kB combining': repeatTo('a\u0301\u0302\u0303'),
  '10 kB mixed': repeatTo('Ana ملك 😀\u202E<b>\u0000 '),
} as const satisfies Record<string, string>

export type HostileSampleName = keyof typeof HOSTILE_SAMPLES

/** [name, value] pairs, for `it.each` tables. */
export const HOSTILE_SAMPLE_ENTRIES = Object.entries(HOSTILE_SAMPLES) as Array<
  [HostileSampleName, string]
>

/** The samples of 10 kB or more, for timing checks. */
export const LONG_HOSTILE_SAMPLES: readonly string[] = Object.values(HOSTILE_SAMPLES).filter(
  (value) => value.length >= TEN_KB,
)

const pick = (values: readonly string[]) => fc.constantFrom(...values)

/** Zero-width characters, BOM, word joiner, soft hyphen. */
export const zeroWidthChar = pick(['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'])

/** Bidirectional controls: embeddings, overrides, isolates, marks. */
export const bidiControlChar = pick([
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
])

/** C0 and C1 controls and DEL, NUL included. */
export const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code))

/** A UTF-16 surrogate with no partner. */
export const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((code) => String.fromCharCode(code))

/** Whitespace that is not U+0020: tabs, newlines, no-break and ideographic spaces… */
export const oddWhitespaceChar = pick([
  '\t',
  '\n',
  '\r',
  '\u000B',
  '\u000C',
  '\u00A0',
  '\u1680',
  '\u2000',
  '\u2003',
  '\u2009',
  '\u202F',
  '\u205F',
  '\u3000',
  '\u2028',
  '\u2029',
])

/** A combining mark (to pile on a letter). */
export const combiningMark = fc
  .integer({ min: 0x300, max: 0x36f })
  .map((code) => String.fromCharCode(code))

/** Emoji, astral and composed: ZWJ families, skin tones, flags, keycaps, variation selectors. */
export const emoji = pick(['😀', '👍🏽', '👩🏿‍💻', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇧🇷', '1️⃣', '❤️', '🧑🏻‍🤝‍🧑🏿', '𝄞', '𝐀'])

/** Letters and digits of right-to-left scripts (Arabic, Hebrew) and Arabic-Indic digits. */
export const rtlText = pick(['م', 'ح', 'ع', 'ل', 'ש', 'ל', 'ו', 'ם', '٣', '٧', '۴', 'ﷺ'])

/** Digits that are not ASCII 0–9: fullwidth, Arabic-Indic, Devanagari, mathematical. */
export const foreignDigit = pick(['０', '５', '９', '٠', '٥', '۹', '०', '५', '𝟎', '𝟗', '①', '½'])

/** Characters that look like punctuation used in masks but are not: dashes, dots, slashes. */
export const lookalikePunctuation = pick([
  '\u2010',
  '\u2013',
  '\u2014',
  '\u2212',
  '\uFE63',
  '\uFF0D',
  '\u00B7',
  '\u2024',
  '\uFF0E',
  '\u2215',
  '\uFF0F',
  '\uFF0B',
  '\uFF20',
])

/** One hostile "keystroke": any of the above, or a plain ASCII character. */
export const hostileChar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 2 },
  { arbitrary: emoji, weight: 2 },
  { arbitrary: rtlText, weight: 1 },
  { arbitrary: foreignDigit, weight: 1 },
  { arbitrary: lookalikePunctuation, weight: 1 },
  { arbitrary: combiningMark, weight: 1 },
  { arbitrary: zeroWidthChar, weight: 1 },
  { arbitrary: bidiControlChar, weight: 1 },
  { arbitrary: controlChar, weight: 1 },
  { arbitrary: loneSurrogate, weight: 1 },
  { arbitrary: oddWhitespaceChar, weight: 1 },
)

/** A short string of hostile characters (0 to maxLength of them). */
export function hostileChars(maxLength = 40): fc.Arbitrary<string> {
  return fc.array(hostileChar, { maxLength }).map((chars) => chars.join(''))
}

/** A hostile text of 10 kB or more: a short hostile string repeated. */
export const longHostileString: fc.Arbitrary<string> = fc
  .array(hostileChar, { minLength: 1, maxLength: 12 })
  .map((chars) => repeatTo(chars.join('')))

/**
 * Any hostile string: a named sample, random hostile characters, random Unicode (code points
 * or graphemes), or a 10 kB+ paste. Use it wherever a validator takes text.
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...Object.values(HOSTILE_SAMPLES)), weight: 3 },
  { arbitrary: hostileChars(), weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: longHostileString, weight: 1 },
)

/**
 * A valid value with hostile characters slipped in (before, inside, after): the near-miss
 * that shows whether a validator tolerates exactly the separators it means to.
 */
export function hostileAround(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), hostileChar), { minLength: 1, maxLength: 3 }))
    .map(([text, inserts]) => {
      const units = [...text]
      for (const [at, char] of inserts) units.splice(at % (units.length + 1), 0, char)
      return units.join('')
    })
}

/**
 * Characters no stored value should carry unless the field is free text: controls, format
 * characters (bidi controls, zero-width, BOM, soft hyphen), lone surrogates, private use,
 * unassigned code points.
 */
const INVISIBLE_OR_BROKEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u

/** True when the text carries a control, format, lone-surrogate or unassigned character. */
export function hasInvisibleOrBrokenChars(text: string): boolean {
  return INVISIBLE_OR_BROKEN.test(text)
}

/** True when the string has a UTF-16 surrogate without its partner. */
export function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text)
}

/**
 * The fastest of `runs` timings of `fn`, in milliseconds. A validator that backtracks on a
 * long input is slow every time; taking the fastest keeps a busy machine from failing it.
 */
export function fastestRunMs(fn: () => unknown, runs = 3): number {
  let best = Infinity
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    best = Math.min(best, performance.now() - start)
  }
  return best
}

/** English fallbacks zod (and JavaScript) produce when a rule has no message of its own. */
export const ENGLISH_DEFAULT_MESSAGE =
  /invalid input|expected |received |too (small|big)|must (be|contain|have)|required|unrecognized|string|number|undefined|NaN|\[object/i
