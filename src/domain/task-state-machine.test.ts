import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { TaskStatusCode } from '@/api/entities'
import { problemCodeValues, taskStatusCodeValues } from '@/api/schema.gen'
import {
  EVENT_ACTOR,
  TERMINAL_STATUSES,
  TRANSITIONS,
  allowedEvents,
  machineStateOf,
  nextStep,
  transition,
  type Actor,
  type TaskEvent,
  type TaskEventType,
  type TaskMachineState,
} from './task-state-machine'

// ---------------------------------------------------------------------------------------------
// docs/product/states.md, written out again here (not read from TRANSITIONS) so a wrong table in the module
// makes these tests fail.

type SpecRow = {
  from: TaskStatusCode
  /** The row needs the visit to have started ("`started` + checked in"). */
  checkedIn: boolean
  event: TaskEventType
  to: TaskStatusCode
  who: Actor
}

const SPEC_ROWS: readonly SpecRow[] = [
  { from: 'started', checkedIn: false, event: 'checkin', to: 'started', who: 'agent' },
  { from: 'started', checkedIn: true, event: 'checkout', to: 'visited', who: 'agent' },
  { from: 'started', checkedIn: false, event: 'reschedule', to: 'started', who: 'agent' },
  { from: 'started', checkedIn: false, event: 'cancel', to: 'canceled', who: 'agent' },
  { from: 'visited', checkedIn: true, event: 'submit', to: 'validating', who: 'agent' },
  { from: 'validating', checkedIn: true, event: 'approve', to: 'approved', who: 'validator' },
  { from: 'validating', checkedIn: true, event: 'contest', to: 'contested', who: 'validator' },
  { from: 'validating', checkedIn: true, event: 'reject', to: 'rejected', who: 'validator' },
  {
    from: 'contested',
    checkedIn: true,
    event: 'answerPendencies',
    to: 'validating',
    who: 'agent',
  },
]

const STATUSES: readonly TaskStatusCode[] = [
  'started',
  'visited',
  'validating',
  'approved',
  'contested',
  'canceled',
  'rejected',
]

const EVENT_TYPES: readonly TaskEventType[] = [
  'checkin',
  'checkout',
  'reschedule',
  'cancel',
  'submit',
  'approve',
  'contest',
  'reject',
  'answerPendencies',
]

const SPEC_EDGES = new Set(SPEC_ROWS.map((r) => `${r.from}->${r.to}`))
const TERMINAL = new Set<TaskStatusCode>(['approved', 'canceled', 'rejected'])

const NOW = Date.parse('2026-03-10T12:00:00Z')
const HOUR = 3_600_000
const FAR_DEADLINE = '2099-12-31T23:59:59Z'

function state(
  status: TaskStatusCode,
  checkedIn = false,
  deadline = FAR_DEADLINE,
): TaskMachineState {
  return { status, checkedIn, deadline }
}

/** A payload that passes every payload guard for `state` at `now`. */
function goodEvent(type: TaskEventType, s: TaskMachineState, now: number): TaskEvent {
  switch (type) {
    case 'reschedule': {
      const deadline = Date.parse(s.deadline)
      const at = deadline >= now ? now + Math.floor((deadline - now) / 2) : now
      return { type, scheduledFor: new Date(at).toISOString() }
    }
    case 'submit':
      return { type, reportComplete: true }
    case 'contest':
      return { type, pendencyCount: 2 }
    case 'answerPendencies':
      return { type, allResolved: true }
    default:
      return { type }
  }
}

function refusalCode(result: ReturnType<typeof transition>): string | undefined {
  return result.ok ? undefined : result.refusal.code
}

// ---------------------------------------------------------------------------------------------

describe('the module table agrees with docs/product/states.md', () => {
  it('TRANSITIONS has exactly the spec rows', () => {
    const fromModule = Object.entries(TRANSITIONS)
      .map(([event, { from, to }]) => `${from}|${event}|${to}`)
      .sort()
    const fromSpec = SPEC_ROWS.map((r) => `${r.from}|${r.event}|${r.to}`).sort()
    expect(fromModule).toEqual(fromSpec)
  })

  it('EVENT_ACTOR follows the "who" column', () => {
    for (const row of SPEC_ROWS) expect(EVENT_ACTOR[row.event], row.event).toBe(row.who)
  })

  it('terminal statuses are approved, canceled and rejected', () => {
    expect([...TERMINAL_STATUSES].sort()).toEqual([...TERMINAL].sort())
  })

  it('the test enumerates every generated status code', () => {
    expect([...taskStatusCodeValues].sort()).toEqual([...STATUSES].sort())
  })
})

describe('transition: allowed rows', () => {
  for (const row of SPEC_ROWS) {
    it(`${row.from}${row.checkedIn ? ' (checked in)' : ''} --${row.event}--> ${row.to}`, () => {
      const before = state(row.from, row.checkedIn)
      const result = transition(before, goodEvent(row.event, before, NOW), NOW)
      expect(result).toEqual({
        ok: true,
        state: {
          status: row.to,
          checkedIn: row.event === 'checkin' ? true : row.checkedIn,
          deadline: FAR_DEADLINE,
        },
      })
    })
  }

  it('cancel is allowed after check-in too (only the status matters)', () => {
    const result = transition(state('started', true), { type: 'cancel' }, NOW)
    expect(result.ok && result.state.status).toBe('canceled')
  })

  it('accepts `now` as an ISO string as well as epoch ms', () => {
    const s = state('started', false, '2026-03-11T00:00:00Z')
    const event: TaskEvent = { type: 'reschedule', scheduledFor: '2026-03-10T18:00:00Z' }
    expect(transition(s, event, '2026-03-10T12:00:00Z').ok).toBe(true)
    expect(refusalCode(transition(s, event, '2026-03-11T00:00:01Z'))).toBe('deadline_passed')
  })

  it('does not mutate the state it is given', () => {
    const before = Object.freeze(state('started'))
    const result = transition(before, { type: 'checkin' }, NOW)
    expect(result.ok).toBe(true)
    expect(before).toEqual(state('started'))
  })
})

describe('transition: every pair outside the table is refused', () => {
  const inTable = new Set(SPEC_ROWS.map((r) => `${r.from}|${r.event}`))
  const pairs = STATUSES.flatMap((status) =>
    EVENT_TYPES.filter((event) => !inTable.has(`${status}|${event}`)).map((event) => ({
      status,
      event,
    })),
  )

  it('covers 7 × 9 minus the 9 table rows', () => {
    expect(pairs).toHaveLength(7 * 9 - 9)
  })

  for (const { status, event } of pairs) {
    it(`${status} × ${event} → transition_refused`, () => {
      for (const checkedIn of [false, true]) {
        const s = state(status, checkedIn)
        const result = transition(s, goodEvent(event, s, NOW), NOW)
        expect(result.ok).toBe(false)
        expect(refusalCode(result)).toBe('transition_refused')
        if (!result.ok) expect(result.refusal.message.length).toBeGreaterThan(0)
      }
    })
  }
})

describe('transition: guards', () => {
  it('check-in twice → already_checked_in', () => {
    const first = transition(state('started'), { type: 'checkin' }, NOW)
    expect(first.ok).toBe(true)
    if (!first.ok) return
    const second = transition(first.state, { type: 'checkin' }, NOW)
    expect(refusalCode(second)).toBe('already_checked_in')
  })

  it('checkout without check-in is refused', () => {
    const result = transition(state('started', false), { type: 'checkout' }, NOW)
    expect(refusalCode(result)).toBe('transition_refused')
  })

  it('checkout after check-in goes to visited', () => {
    const result = transition(state('started', true), { type: 'checkout' }, NOW)
    expect(result.ok && result.state.status).toBe('visited')
  })

  describe('reschedule', () => {
    const deadline = new Date(NOW + 48 * HOUR).toISOString()
    const at = (ms: number) => ({
      type: 'reschedule' as const,
      scheduledFor: new Date(ms).toISOString(),
    })

    it('after the deadline → deadline_passed (whatever the date asked)', () => {
      const s = state('started', false, deadline)
      const late = NOW + 49 * HOUR
      expect(refusalCode(transition(s, at(late + HOUR), late))).toBe('deadline_passed')
      expect(refusalCode(transition(s, at(NOW), late))).toBe('deadline_passed')
    })

    it('at exactly the deadline is not yet past it', () => {
      const s = state('started', false, deadline)
      const d = Date.parse(deadline)
      expect(transition(s, at(d), d).ok).toBe(true)
    })

    it('accepts any date in [now, deadline], bounds included', () => {
      const s = state('started', false, deadline)
      for (const ms of [NOW, NOW + HOUR, Date.parse(deadline)]) {
        const result = transition(s, at(ms), NOW)
        expect(result, new Date(ms).toISOString()).toEqual({ ok: true, state: s })
      }
    })

    it('outside [now, deadline] → date_outside_window', () => {
      const s = state('started', false, deadline)
      for (const ms of [NOW - 1, NOW - 24 * HOUR, Date.parse(deadline) + 1]) {
        expect(refusalCode(transition(s, at(ms), NOW))).toBe('date_outside_window')
      }
      expect(refusalCode(transition(s, { type: 'reschedule', scheduledFor: 'amanhã' }, NOW))).toBe(
        'date_outside_window',
      )
    })

    it('after check-in is refused', () => {
      const s = state('started', true, deadline)
      expect(refusalCode(transition(s, at(NOW + HOUR), NOW))).toBe('transition_refused')
    })

    it('property: ok ⇔ status started, not checked in, now ≤ deadline, now ≤ date ≤ deadline', () => {
      fc.assert(
        fc.property(
          fc.boolean(),
          fc.integer({ min: -72, max: 72 }),
          fc.integer({ min: -72, max: 72 }),
          (checkedIn, deadlineH, dateH) => {
            const d = NOW + deadlineH * HOUR
            const s = state('started', checkedIn, new Date(d).toISOString())
            const result = transition(s, at(NOW + dateH * HOUR), NOW)
            const expected = !checkedIn && NOW <= d && dateH >= 0 && NOW + dateH * HOUR <= d
            expect(result.ok).toBe(expected)
            if (NOW > d) expect(refusalCode(result)).toBe('deadline_passed')
          },
        ),
      )
    })
  })

  it('submit with reportComplete false → report_incomplete', () => {
    const result = transition(
      state('visited', true),
      { type: 'submit', reportComplete: false },
      NOW,
    )
    expect(refusalCode(result)).toBe('report_incomplete')
  })

  it('contest with 0 pendencies is refused; with 1 it is allowed', () => {
    const s = state('validating', true)
    const zero = transition(s, { type: 'contest', pendencyCount: 0 }, NOW)
    expect(zero.ok).toBe(false)
    expect(refusalCode(zero)).toBe('validation_failed')
    expect(transition(s, { type: 'contest', pendencyCount: 1 }, NOW).ok).toBe(true)
  })

  it('answerPendencies with allResolved false is refused', () => {
    const result = transition(
      state('contested', true),
      { type: 'answerPendencies', allResolved: false },
      NOW,
    )
    expect(result.ok).toBe(false)
    expect(refusalCode(result)).toBe('validation_failed')
  })

  it('a wrong status is reported before a failing payload guard', () => {
    const result = transition(state('started'), { type: 'submit', reportComplete: false }, NOW)
    expect(refusalCode(result)).toBe('transition_refused')
  })
})

// ---------------------------------------------------------------------------------------------
// Properties

const isoAround = fc
  .integer({ min: -30 * 24, max: 30 * 24 })
  .map((h) => new Date(NOW + h * HOUR).toISOString())

const anyEvent: fc.Arbitrary<TaskEvent> = fc.oneof(
  fc.constant({ type: 'checkin' as const }),
  fc.constant({ type: 'checkout' as const }),
  fc.record({
    type: fc.constant('reschedule' as const),
    scheduledFor: fc.oneof(isoAround, fc.string({ maxLength: 12 })),
  }),
  fc.constant({ type: 'cancel' as const }),
  fc.record({ type: fc.constant('submit' as const), reportComplete: fc.boolean() }),
  fc.constant({ type: 'approve' as const }),
  fc.record({
    type: fc.constant('contest' as const),
    pendencyCount: fc.integer({ min: -2, max: 5 }),
  }),
  fc.constant({ type: 'reject' as const }),
  fc.record({ type: fc.constant('answerPendencies' as const), allResolved: fc.boolean() }),
)

const INITIAL: TaskMachineState = { status: 'started', checkedIn: false, deadline: FAR_DEADLINE }
const problemCodes = new Set<string>(problemCodeValues)

describe('properties over random event sequences', () => {
  it('only table edges, terminals are final, status changes only on ok', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(anyEvent, fc.integer({ min: -240, max: 240 })), {
          minLength: 0,
          maxLength: 30,
        }),
        (steps) => {
          let s = INITIAL
          for (const [event, offsetH] of steps) {
            const before = s
            const result = transition(before, event, NOW + offsetH * HOUR)
            if (result.ok) {
              const after = result.state
              expect(SPEC_EDGES.has(`${before.status}->${after.status}`)).toBe(true)
              expect(TRANSITIONS[event.type]).toEqual({ from: before.status, to: after.status })
              expect(TERMINAL.has(before.status)).toBe(false)
              expect(after.deadline).toBe(before.deadline)
              // checkedIn only ever turns on, and only by a check-in.
              if (after.checkedIn !== before.checkedIn) {
                expect(event.type).toBe('checkin')
                expect(after.checkedIn).toBe(true)
              }
              if (after.status === before.status)
                expect(['checkin', 'reschedule']).toContain(event.type)
              s = after
            } else {
              expect(problemCodes.has(result.refusal.code)).toBe(true)
              expect(result.refusal.message).not.toBe('')
              expect('state' in result).toBe(false)
            }
            if (TERMINAL.has(before.status)) expect(s.status).toBe(before.status)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('BFS with representative payloads reaches all 7 statuses through exactly the table edges', () => {
    const events: TaskEvent[] = [
      { type: 'checkin' },
      { type: 'checkout' },
      { type: 'reschedule', scheduledFor: new Date(NOW + HOUR).toISOString() },
      { type: 'reschedule', scheduledFor: new Date(NOW - HOUR).toISOString() },
      { type: 'cancel' },
      { type: 'submit', reportComplete: true },
      { type: 'submit', reportComplete: false },
      { type: 'approve' },
      { type: 'contest', pendencyCount: 1 },
      { type: 'contest', pendencyCount: 0 },
      { type: 'reject' },
      { type: 'answerPendencies', allResolved: true },
      { type: 'answerPendencies', allResolved: false },
    ]
    const key = (s: TaskMachineState) => `${s.status}/${s.checkedIn}`
    const seen = new Set([key(INITIAL)])
    const queue = [INITIAL]
    const edges = new Set<string>()
    const reached = new Set<TaskStatusCode>([INITIAL.status])
    while (queue.length > 0) {
      const s = queue.shift()!
      for (const event of events) {
        const result = transition(s, event, NOW)
        if (!result.ok) continue
        edges.add(`${s.status}->${result.state.status}`)
        reached.add(result.state.status)
        if (!seen.has(key(result.state))) {
          seen.add(key(result.state))
          queue.push(result.state)
        }
      }
    }
    expect([...reached].sort()).toEqual([...taskStatusCodeValues].sort())
    expect([...edges].sort()).toEqual([...SPEC_EDGES].sort())
  })
})

// ---------------------------------------------------------------------------------------------

const actorArb = fc.constantFrom<Actor | undefined>(undefined, 'agent', 'validator')

describe('allowedEvents', () => {
  it('property: an event is allowed iff its actor matches and transition with a good payload succeeds (deadline ahead)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.boolean(),
        fc.integer({ min: 0, max: 30 * 24 }),
        actorArb,
        (status, checkedIn, deadlineH, actor) => {
          // Deadlines far ahead of NOW.
          const deadline = Date.parse(FAR_DEADLINE) - deadlineH * HOUR
          const s = state(status, checkedIn, new Date(deadline).toISOString())
          const allowed = allowedEvents(s, actor, NOW)
          for (const type of EVENT_TYPES) {
            const expected =
              (actor === undefined || EVENT_ACTOR[type] === actor) &&
              transition(s, goodEvent(type, s, NOW), NOW).ok
            expect(allowed.includes(type), `${status}/${checkedIn}/${actor}/${type}`).toBe(expected)
          }
        },
      ),
      { numRuns: 300 },
    )
  })

  // Regression test for a bug found in review (fixed).
  it('does not offer reschedule once the deadline has passed', () => {
    // A deadline long gone for NOW.
    const s = state('started', false, '2000-01-01T00:00:00Z')
    expect(transition(s, goodEvent('reschedule', s, NOW), NOW).ok).toBe(false)
    expect(allowedEvents(s, 'agent', NOW)).not.toContain('reschedule')
  })

  it('concrete cases', () => {
    expect(allowedEvents(state('started'), 'agent', NOW).sort()).toEqual(
      ['cancel', 'checkin', 'reschedule'].sort(),
    )
    expect(allowedEvents(state('started', true), 'agent', NOW).sort()).toEqual(
      ['cancel', 'checkout'].sort(),
    )
    expect(allowedEvents(state('started'), 'validator', NOW)).toEqual([])
    expect(allowedEvents(state('visited', true), 'agent', NOW)).toEqual(['submit'])
    expect(allowedEvents(state('validating', true), 'agent', NOW)).toEqual([])
    expect(allowedEvents(state('validating', true), 'validator', NOW).sort()).toEqual(
      ['approve', 'contest', 'reject'].sort(),
    )
    expect(allowedEvents(state('contested', true), undefined, NOW)).toEqual(['answerPendencies'])
    for (const status of TERMINAL)
      expect(allowedEvents(state(status, true), undefined, NOW)).toEqual([])
  })
})

describe('nextStep', () => {
  const cases: Array<[TaskStatusCode, boolean, ReturnType<typeof nextStep>]> = [
    ['started', false, 'checkin'],
    ['started', true, 'continue-visit'],
    ['visited', true, 'fill-report'],
    ['validating', true, 'await-validation'],
    ['contested', true, 'resolve-pendencies'],
    ['approved', true, 'done'],
    ['canceled', false, 'done'],
    ['rejected', true, 'done'],
  ]
  for (const [status, checkedIn, step] of cases) {
    it(`${status}${checkedIn ? ' (checked in)' : ''} → ${step}`, () => {
      expect(nextStep(state(status, checkedIn))).toBe(step)
    })
  }

  it('covers every status', () => {
    expect(new Set(cases.map(([s]) => s))).toEqual(new Set(taskStatusCodeValues))
  })
})

describe('machineStateOf', () => {
  it('reads status code, check-in presence and deadline from a task', () => {
    const deadline = '2026-04-01T00:00:00Z'
    expect(machineStateOf({ status: { code: 'visited' }, steps: {}, deadline })).toEqual({
      status: 'visited',
      checkedIn: false,
      deadline,
    })
    expect(
      machineStateOf({
        status: { code: 'started' },
        steps: { checkin: { at: NOW, lat: 0, lng: 0, accuracy: 5 } },
        deadline,
      }),
    ).toEqual({ status: 'started', checkedIn: true, deadline })
  })
})
