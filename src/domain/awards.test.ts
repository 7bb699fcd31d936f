import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { AwardStatus } from '@/api/entities'
import { awardStatusValues } from '@/api/schema.gen'
import {
  AWARD_STATUS_LABEL,
  AWARD_TRANSITIONS,
  canMoveAward,
  canNominate,
  checkNomination,
} from './awards'

const AWARD = { goal: 80, title: 'Atendimento nota 10' }
/** Order of the statuses along docs/product/states.md: created → pending → complete | rejected. */
const RANK: Record<AwardStatus, number> = { created: 0, pending: 1, complete: 2, rejected: 2 }

describe('canNominate', () => {
  it('score exactly at the goal is enough; just below is not', () => {
    expect(canNominate(80, AWARD)).toBe(true)
    expect(canNominate(79.9, AWARD)).toBe(false)
    expect(canNominate(100, { goal: 100 })).toBe(true)
    expect(canNominate(0, { goal: 0 })).toBe(true)
  })

  it('property: true ⇔ score ≥ goal', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        (score, goal) => {
          expect(canNominate(score, { goal })).toBe(score >= goal)
        },
      ),
    )
  })
})

describe('checkNomination', () => {
  it('allows a score at or above the goal', () => {
    expect(checkNomination(80, AWARD, false)).toBeNull()
    expect(checkNomination(95.5, AWARD, false)).toBeNull()
  })

  it('refuses below the goal, naming score and goal', () => {
    const refusal = checkNomination(72.5, AWARD, false)
    expect(refusal?.code).toBe('award_below_goal')
    expect(refusal?.message).toContain('72.5')
    expect(refusal?.message).toContain('80')
  })

  it('refuses an award already given, whatever the score', () => {
    expect(checkNomination(100, AWARD, true)?.code).toBe('award_already_given')
    expect(checkNomination(10, AWARD, true)?.code).toBe('award_already_given')
    expect(checkNomination(100, AWARD, true)?.message).toContain(AWARD.title)
  })
})

describe('AWARD_TRANSITIONS', () => {
  it('covers every status', () => {
    expect(Object.keys(AWARD_TRANSITIONS).sort()).toEqual([...awardStatusValues].sort())
    expect(Object.keys(AWARD_STATUS_LABEL).sort()).toEqual([...awardStatusValues].sort())
  })

  it('is exactly created → pending → complete | rejected', () => {
    const edges = Object.entries(AWARD_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => `${from}->${to}`),
    )
    expect(edges.sort()).toEqual(['created->pending', 'pending->complete', 'pending->rejected'])
  })

  it('only moves forward: no status goes back to itself or an earlier one', () => {
    for (const from of awardStatusValues)
      for (const to of awardStatusValues)
        if (RANK[to] <= RANK[from]) expect(canMoveAward(from, to), `${from}->${to}`).toBe(false)
  })

  it('complete and rejected are terminal', () => {
    for (const from of ['complete', 'rejected'] as const) {
      expect(AWARD_TRANSITIONS[from]).toEqual([])
      for (const to of awardStatusValues) expect(canMoveAward(from, to)).toBe(false)
    }
  })

  it('property: a walk of allowed moves never revisits a status and ends within 2 moves', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (choices) => {
        let status: AwardStatus = 'created'
        const seen = new Set<AwardStatus>([status])
        let moves = 0
        for (const choice of choices) {
          const next: readonly AwardStatus[] = AWARD_TRANSITIONS[status]
          if (next.length === 0) break
          const to: AwardStatus = next[choice % next.length]!
          expect(canMoveAward(status, to)).toBe(true)
          expect(seen.has(to)).toBe(false)
          seen.add(to)
          status = to
          moves++
        }
        expect(moves).toBeLessThanOrEqual(2)
      }),
    )
  })
})
