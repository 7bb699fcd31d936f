/**
 * Tasks: the lists (tasks/mine, one of the backend's fixed calls in docs/product/api.md), one
 * task, reschedule, cancel, catalogue.
 */
import { MatchersV3 } from '@pact-foundation/pact'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { ApiError } from '@/api/api-error'
import {
  cancelTask,
  formQueryOptions,
  missionQueryOptions,
  myTaskPagesQueryOptions,
  myTasksQueryOptions,
  projectQueryOptions,
  rescheduleTask,
  TASK_GROUP_PAGE_SIZE,
  taskQueryOptions,
} from '@/features/tasks/api/task-queries'
import { STATES } from '../mocks/provider-state-catalogue'
import {
  evaluationForm,
  fieldErrors,
  instant,
  mission,
  problem,
  project,
  task,
  taskPage,
  taskTotals,
} from './support/bodies'
import {
  AUTH,
  fetchQuery,
  given,
  injected,
  newPact,
  statePath,
  useMockServer,
  WRITE_HEADERS,
} from './support/pact'
import { problemReply } from './support/raw-body'

const { eachLike, integer, like } = MatchersV3
const pact = newPact()

const JUSTIFICATION =
  'A loja estava fechada para reforma no dia agendado e não há outra data possível dentro do prazo.'

describe('listMyTasks — GET /tasks/mine', () => {
  it("returns the agent's tasks", async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving("a request for the agent's tasks")
      .withRequest('GET', '/api/tasks/mine', (b) => b.headers(AUTH).query({ limit: '200' }))
      .willRespondWith(200, (b) => b.jsonBody(taskPage()))
      .executeTest(async (server) => {
        useMockServer(server)
        const page = await fetchQuery(myTasksQueryOptions())
        expect(page.items[0]?.slug).toMatch(/^T-\d+$/)
      })
  })

  it('filters by status (the validations screen asks for contested tasks)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.openRevision))
      .uponReceiving("a request for the agent's contested tasks")
      .withRequest('GET', '/api/tasks/mine', (b) =>
        b.headers(AUTH).query({ limit: '200', status: 'contested' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike(task('contested', 'visited')),
          total: integer(1),
          // Counts of the tasks the request matches: only `contested` is not 0.
          totalsByStatus: taskTotals('contested'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const page = await fetchQuery(myTasksQueryOptions(['contested']))
        expect(page.items.every((t) => t.status.code === 'contested')).toBe(true)
        expect(page.totalsByStatus.started).toBe(0)
      })
  })

  it('gives one status a page at a time with its count (the list of a large account)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.openRevision))
      .uponReceiving("a request for the first page of the agent's contested tasks")
      .withRequest('GET', '/api/tasks/mine', (b) =>
        b.headers(AUTH).query({ limit: String(TASK_GROUP_PAGE_SIZE), status: 'contested' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike(task('contested', 'visited')),
          // What the group's "Mostrando N de M tarefas" counts: every contested task.
          total: integer(1),
          totalsByStatus: taskTotals('contested'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
        const pages = await client.fetchInfiniteQuery(myTaskPagesQueryOptions('contested'))
        expect(pages.pages[0]!.total).toBeGreaterThan(0)
        expect(pages.pages[0]!.totalsByStatus.contested).toBe(pages.pages[0]!.total)
      })
  })

  it('answers 401 when the session expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving("a request for the agent's tasks with an expired session")
      .withRequest('GET', '/api/tasks/mine', (b) =>
        b
          .headers({ Authorization: injected('Bearer ${token}', 'Bearer expired-token') })
          .query({ limit: '200' }),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const error = await fetchQuery(myTasksQueryOptions()).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 401, code: 'session_expired' })
      })
  })
})

describe('getTask — GET /tasks/{id}', () => {
  it('returns a task by id', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request for a task by id')
      .withRequest('GET', statePath('/tasks/${taskId}', STATES.startedTask), (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(task('started')))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(taskQueryOptions('tsk_4826'))
        expect(result.steps.checkin).toBeUndefined()
      })
  })

  it('returns a task by its slug (deep links use slugs)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request for a task by slug')
      .withRequest('GET', injected('/api/tasks/${slug}', '/api/tasks/T-4826'), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(task('started')))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(taskQueryOptions('T-4826'))
        expect(result.slug).toMatch(/^T-/)
      })
  })

  it('answers 404 for a task that is not the agent’s', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noTask))
      .uponReceiving('a request for a task that does not exist')
      .withRequest('GET', '/api/tasks/tsk_0000', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await fetchQuery(taskQueryOptions('tsk_0000')).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('rescheduleTask — PUT /tasks/{id}/schedule', () => {
  it('moves the visit to another date before the deadline', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request to reschedule a started task')
      .withRequest('PUT', statePath('/tasks/${taskId}/schedule', STATES.startedTask), (b) =>
        b
          .headers(WRITE_HEADERS)
          .jsonBody({ scheduledFor: injected('${scheduledFor}', '2026-03-13T15:00:00.000Z') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...task('started'), scheduledFor: instant('2026-03-13T15:00:00.000Z') }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const moved = await rescheduleTask(
          'tsk_4826',
          '2026-03-13T15:00:00.000Z',
          crypto.randomUUID(),
        )
        expect(moved.status.code).toBe('started')
      })
  })
})

describe('rescheduleTask — a date after the deadline', () => {
  it('answers 409 date_outside_window (the form shows it under the date)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request to reschedule a started task after its deadline')
      .withRequest('PUT', statePath('/tasks/${taskId}/schedule', STATES.startedTask), (b) =>
        b
          .headers(WRITE_HEADERS)
          .jsonBody({ scheduledFor: injected('${afterDeadline}', '2026-03-20T15:00:00.000Z') }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'date_outside_window')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await rescheduleTask(
          'tsk_4826',
          '2026-03-20T15:00:00.000Z',
          crypto.randomUUID(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 409, code: 'date_outside_window' })
      })
  })
})

describe('cancelTask — POST /tasks/{id}/cancel', () => {
  it('cancels a started task with a justification', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request to cancel a started task')
      .withRequest('POST', statePath('/tasks/${taskId}/cancel', STATES.startedTask), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ justification: like(JUSTIFICATION) }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...task(),
          status: { code: 'canceled', changedAt: instant(), reason: like(JUSTIFICATION) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const canceled = await cancelTask('tsk_4826', JUSTIFICATION, crypto.randomUUID())
        expect(canceled.status.code).toBe('canceled')
      })
  })

  it('answers 422 naming the justification when it is too short', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.startedTask))
      .uponReceiving('a request to cancel a task with a short justification')
      .withRequest('POST', statePath('/tasks/${taskId}/cancel', STATES.startedTask), (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ justification: 'Não vou.' }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'validation_failed', { fields: fieldErrors('justification') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await cancelTask('tsk_4826', 'Não vou.', crypto.randomUUID()).catch(
          (e: unknown) => e,
        )) as ApiError
        expect(error.status).toBe(422)
        expect(error.fieldErrors.justification).toBeDefined()
      })
  })
})

describe('catalogue — GET /projects/{id}, /missions/{id}, /forms/{id}', () => {
  it('returns a project with its cycle and policy', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.catalogue))
      .uponReceiving('a request for a project')
      .withRequest('GET', statePath('/projects/${projectId}', STATES.catalogue), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(project()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(projectQueryOptions('prj_farma'))
        expect(result.cycle.id).toBe(result.cycleId)
      })
  })

  it('returns a mission with requirements, checklist, times and awards', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.catalogue))
      .uponReceiving('a request for a mission')
      .withRequest('GET', statePath('/missions/${missionId}', STATES.catalogue), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(mission()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(missionQueryOptions('msn_farma'))
        expect(result.times.length).toBeGreaterThan(0)
      })
  })

  it('returns an evaluation form with its pages and questions', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.catalogue))
      .uponReceiving('a request for an evaluation form')
      .withRequest('GET', statePath('/forms/${formId}', STATES.catalogue), (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(evaluationForm()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(formQueryOptions('frm_farma'))
        expect(result.pages[0]?.questions.length).toBeGreaterThan(0)
      })
  })
})
