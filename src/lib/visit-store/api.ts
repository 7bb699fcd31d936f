/**
 * The visit's calls: check-in, check-out, the report, media, awards and the validator's
 * revisions. Writes take the caller's Idempotency-Key so a queued retry is applied once.
 */
import { queryOptions } from '@tanstack/react-query'
import type { ReportInput } from '@/api/entities'
import type { components } from '@/api/schema.gen'
import { backgroundRequest, data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

type CheckinInput = components['schemas']['CheckinInput']
type CheckoutInput = components['schemas']['CheckoutInput']
type AwardInput = components['schemas']['AwardInput']
type PendencyAnswer = components['schemas']['PendencyAnswer']

export const visitKeys = {
  report: (id: string) => [...queryKeys.reports, id] as const,
  revision: (reportId: string) => [...queryKeys.reports, reportId, 'revision'] as const,
}

export function reportQueryOptions(id: string) {
  return queryOptions({
    queryKey: visitKeys.report(id),
    queryFn: ({ signal }) => data(api().GET('/reports/{id}', { params: { path: { id } }, signal })),
  })
}

export function currentRevisionQueryOptions(reportId: string) {
  return queryOptions({
    queryKey: visitKeys.revision(reportId),
    queryFn: ({ signal }) =>
      data(
        api().GET('/reports/{id}/revisions/current', {
          params: { path: { id: reportId } },
          signal,
        }),
      ),
  })
}

/** A write's request options: `signal` aborts it (the outbox's sender stopped: nothing starts). */
type WriteOptions = { signal?: AbortSignal }

export function checkInByPosition(
  taskId: string,
  input: CheckinInput,
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().PUT('/tasks/{id}/checkin/byPosition', {
      params: { path: { id: taskId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
      signal,
    }),
  )
}

export function checkOut(
  taskId: string,
  input: CheckoutInput,
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().PUT('/tasks/{id}/checkout', {
      params: { path: { id: taskId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
      signal,
    }),
  )
}

export function saveReport(
  id: string,
  input: ReportInput,
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().PUT('/reports/{id}', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
      signal,
    }),
  )
}

export function submitReport(
  id: string,
  version: number,
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().POST('/reports/{id}/submission', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { version },
      signal,
    }),
  )
}

export function createAward(
  input: AwardInput,
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().POST('/awards/', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
      signal,
    }),
  )
}

export function answerRevision(
  revisionId: string,
  answers: PendencyAnswer[],
  idempotencyKey: string,
  { signal }: WriteOptions = {},
) {
  return data(
    api().PUT('/revisions/{id}/answers', {
      params: { path: { id: revisionId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { answers },
      signal,
    }),
  )
}

/** The bytes of an evidence, fetched with the session (an <img src> would not send it). */
export async function fetchMediaContent(id: string): Promise<Blob> {
  const { data: blob } = await api().GET('/media/{id}/content', {
    params: { path: { id } },
    parseAs: 'blob',
  })
  return blob as Blob
}

/**
 * The outbox's cheap question before a large body goes again, after the server failed or
 * refused the session: `GET /me` (a few hundred bytes) answers both "is the server back?" and
 * "does this session still open it?". Rejects with the server's answer while it is not.
 */
export function askServerBeforeLargeBody() {
  return data(api().GET('/me', { middleware: [backgroundRequest] }))
}
