import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mergeText } from './merge-text'

describe('mergeText', () => {
  it('keeps what two tabs added to the same notes', () => {
    expect(
      mergeText(
        'Fila de 5 pessoas.',
        'Fila de 5 pessoas. Caixa lento.',
        'Fila de 5 pessoas. Loja limpa.',
      ),
    ).toBe('Fila de 5 pessoas. Loja limpa. Caixa lento.')
    expect(mergeText('', 'Atendente simpática.', 'Loja cheia.')).toMatch(
      /Atendente simpática\.[\s\S]*Loja cheia\.|Loja cheia\.[\s\S]*Atendente simpática\./,
    )
  })

  it('takes the other side when only one side changed', () => {
    expect(mergeText('a', 'a', 'ab')).toBe('ab')
    expect(mergeText('a', 'ab', 'a')).toBe('ab')
    expect(mergeText('a', 'x', 'x')).toBe('x')
  })

  it('keeps a word being typed where the other tab inserted a sentence, once', () => {
    expect(mergeText('Loja limpa. C', 'Loja limpa. Ca', 'Loja limpa. Ar quebrado. C')).toBe(
      'Loja limpa. Ar quebrado. Ca',
    )
  })

  it('property: nothing either tab inserted is lost', () => {
    const word = fc.stringMatching(/^[a-zà-öø-ú]{3,12}$/)
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 0, maxLength: 12 }),
        word,
        word,
        fc.nat(),
        fc.nat(),
        (words, mineWord, theirWord, i, j) => {
          const base = words.join(' ')
          const insert = (text: string, at: number, what: string) => {
            const parts = text === '' ? [] : text.split(' ')
            const k = parts.length === 0 ? 0 : at % (parts.length + 1)
            return [...parts.slice(0, k), what, ...parts.slice(k)].join(' ')
          }
          const mine = insert(base, i, `QA${mineWord}Q`)
          const theirs = insert(base, j, `QB${theirWord}Q`)
          const merged = mergeText(base, mine, theirs)
          expect(merged).toContain(`QA${mineWord}Q`)
          expect(merged).toContain(`QB${theirWord}Q`)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('property: a word replaced in one tab and words added in the other both survive', () => {
    const word = fc.stringMatching(/^[a-z]{3,8}$/)
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 10 }),
        word,
        word,
        fc.nat(),
        fc.nat(),
        (words, replacement, added, i, j) => {
          const base = words.join(' ')
          const mineWords = [...words]
          mineWords[i % words.length] = `QR${replacement}Q`
          const theirWords = [...words]
          theirWords.splice(j % (words.length + 1), 0, `QI${added}Q`)
          const merged = mergeText(base, mineWords.join(' '), theirWords.join(' '))
          expect(merged).toContain(`QR${replacement}Q`)
          expect(merged).toContain(`QI${added}Q`)
        },
      ),
      { numRuns: 300 },
    )
  })
})
