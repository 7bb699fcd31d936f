/**
 * Two tabs typing in the same text (a report's notes): a three-way merge of what each typed
 * since the text they both started from (`base`), so neither loses what the other wrote.
 *
 * Each side's changes are read as edits of `base` (a diff of words and spaces: Myers'
 * algorithm, from the `diff` package, fast while the changes are small); edits that touch
 * different parts of `base` are all applied — an insertion right before a word the other side
 * changed included (a word being typed where the other tab added a sentence) — and where both
 * sides changed the same words, or inserted at the same point, both versions are kept, the
 * other tab's first: a repeated word is better than a lost one.
 */
import { diffWordsWithSpace } from 'diff'

/** `base.slice(from, to)` replaced by `text`. An insertion has from === to. */
type Edit = { from: number; to: number; text: string }

/** Past this many edits, the diff gives up and the merge keeps both texts whole. */
const MAX_EDIT_LENGTH = 2_000

function editsOf(base: string, changed: string): Edit[] | undefined {
  const parts = diffWordsWithSpace(base, changed, { maxEditLength: MAX_EDIT_LENGTH })
  if (!parts) return undefined
  const edits: Edit[] = []
  let at = 0
  for (const part of parts) {
    if (!part.added && !part.removed) {
      at += part.value.length
      continue
    }
    // Consecutive removed/added parts are one edit at the same place.
    const last = edits.at(-1)
    const edit = last && last.to === at ? last : { from: at, to: at, text: '' }
    if (edit !== last) edits.push(edit)
    if (part.removed) {
      at += part.value.length
      edit.to = at
    } else edit.text += part.value
  }
  return edits
}

/** Two edits that cannot both be applied as they are: overlapping, or inserting at one point. */
function clash(a: Edit, b: Edit): boolean {
  if (a.from === a.to && b.from === b.to) return a.from === b.from
  return a.from < b.to && b.from < a.to
}

/**
 * Both versions kept, theirs first, one space apart: a space where neither leaves one, and
 * not two where both do (a word typed after a space in each tab).
 */
function joinBoth(theirs: string, mine: string): string {
  if (!theirs || !mine) return theirs + mine
  const endsSpaced = /\s$/.test(theirs)
  const startsSpaced = /^\s/.test(mine)
  if (endsSpaced && startsSpaced) return theirs + mine.replace(/^[^\S\n]+/, '')
  return endsSpaced || startsSpaced ? theirs + mine : `${theirs} ${mine}`
}

export function mergeText(base: string, mine: string, theirs: string): string {
  if (mine === theirs || mine === base) return theirs
  if (theirs === base) return mine
  const ours = editsOf(base, mine)
  const other = editsOf(base, theirs)
  if (!ours || !other) return `${theirs}\n\n${mine}`
  const merged = applyBoth(base, ours, other)
  // Two spaces in a row that neither tab typed are a seam of the merge (a space each side put
  // before or after its words, met at one point): one is kept. Only spaces: no word is lost.
  return DOUBLE_SPACE.test(mine) || DOUBLE_SPACE.test(theirs)
    ? merged
    : merged.replace(/ {2,}/g, ' ')
}

const DOUBLE_SPACE = / {2}/

function applyBoth(base: string, ours: Edit[], other: Edit[]): string {
  // Walk both edit lists in base order; a clash keeps both sides' text of the clashing span.
  const all = [
    ...other.map((e) => ({ ...e, side: 'theirs' as const })),
    ...ours.map((e) => ({ ...e, side: 'mine' as const })),
  ].sort((a, b) => a.from - b.from || (a.side === 'theirs' ? -1 : 1))
  let out = ''
  let at = 0
  for (let i = 0; i < all.length;) {
    // A group of edits that clash with each other, transitively.
    const group = [all[i]!]
    let end = all[i]!.to
    let j = i + 1
    while (j < all.length && group.some((g) => clash(g, all[j]!))) {
      group.push(all[j]!)
      end = Math.max(end, all[j]!.to)
      j++
    }
    const start = group[0]!.from
    const between = base.slice(at, start)
    out += between
    // Right after the other side's edit, with nothing of base between: one space at the seam,
    // and words from each side never glued into one.
    const seam = (piece: string) => {
      if (!(i > 0 && !between && all[i - 1]!.side !== group[0]!.side)) return piece
      if (/\s$/.test(out)) return piece.replace(/^[^\S\n]+/, '')
      return /[\p{L}\p{N}]$/u.test(out) && /^[\p{L}\p{N}]/u.test(piece) ? ` ${piece}` : piece
    }
    if (group.length === 1) out += seam(group[0]!.text)
    else {
      // Each side's version of base[start, end): its edits applied to that span.
      const version = (side: 'mine' | 'theirs') => {
        let text = ''
        let k = start
        for (const e of group.filter((g) => g.side === side)) {
          text += base.slice(k, e.from) + e.text
          k = e.to
        }
        return text + base.slice(k, end)
      }
      const t = version('theirs')
      const m = version('mine')
      out += seam(t === m ? t : joinBoth(t, m))
    }
    at = end
    i = j
  }
  return out + base.slice(at)
}
