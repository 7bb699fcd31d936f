/**
 * Everything a report screen needs, with the device's draft as the source of truth: the
 * task, its mission and form (cached queries), the server's report (to seed and refresh the
 * draft), the draft itself, the visit's local media and check-in.
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { isApiError } from '@/api/api-error'
import type { EvaluationForm, Mission, Report, Task } from '@/api/entities'
import {
  formQueryOptions,
  missionQueryOptions,
  taskQueryOptions,
} from '@/features/tasks/api/task-queries'
import { reportQueryOptions } from '@/lib/visit-store/api'
import { readVisitSnapshot, saveVisitSnapshot } from '@/lib/visit-store/snapshot'
import type { LocalMedia, LocalVisit, ReportDraft } from '@/lib/visit-store/db'
import { ensureDraft } from '@/lib/visit-store/store'
import { useLocalVisit, useReportDraft, useTaskMedia } from '@/lib/visit-store/hooks'
import { reportEditable } from '@/features/report/api/report-content'

export type VisitReport = {
  task: Task
  mission: Mission
  form: EvaluationForm
  draft: ReportDraft
  serverReport: Report | undefined
  media: LocalMedia[]
  localVisit: LocalVisit | undefined
  editable: boolean
}

export type VisitReportState =
  | { status: 'ready'; data: VisitReport }
  | { status: 'loading' }
  | { status: 'error'; query: UseQueryResult<unknown> }

/** The server cannot be reached now (not a refusal such as 404). */
function unreachable(query: { isPending: boolean; isError: boolean; error: unknown }) {
  return query.isPending || (query.isError && (!isApiError(query.error) || query.error.isTransient))
}

export function useVisitReport(slug: string) {
  // What the server last sent about this visit, for a reload with no connection.
  const [snapshot] = useState(() => readVisitSnapshot(slug))
  const taskQuery = useQuery(taskQueryOptions(slug))
  const task = taskQuery.data ?? (unreachable(taskQuery) ? snapshot?.task : undefined)
  const missionQuery = useQuery({
    ...missionQueryOptions(task?.missionId ?? ''),
    enabled: Boolean(task),
  })
  const mission =
    missionQuery.data ??
    (snapshot?.mission.id === task?.missionId && unreachable(missionQuery)
      ? snapshot?.mission
      : undefined)
  const formQuery = useQuery({
    ...formQueryOptions(mission?.formId ?? ''),
    enabled: Boolean(mission),
  })
  const form =
    formQuery.data ??
    (snapshot?.form && snapshot.form.id === mission?.formId && unreachable(formQuery)
      ? snapshot.form
      : undefined)
  const reportQuery = useQuery({
    ...reportQueryOptions(task?.reportId ?? ''),
    enabled: Boolean(task),
  })
  const draft = useReportDraft(task?.reportId)
  const media = useTaskMedia(task?.id)
  const localVisit = useLocalVisit(task?.id)

  const serverReport = reportQuery.data
  // A draft that cannot be made from the server's report (an answer that drifted from the
  // contract, storage refused) fails the screen with a retry instead of loading forever.
  const [draftFailure, setDraftFailure] = useState<{ report: Report; error: unknown }>()
  useEffect(() => {
    if (serverReport)
      ensureDraft(serverReport).catch((error: unknown) =>
        setDraftFailure({ report: serverReport, error }),
      )
  }, [serverReport])
  const draftError = draftFailure?.report === serverReport ? draftFailure?.error : undefined

  useEffect(() => {
    if (taskQuery.data && missionQuery.data && formQuery.data)
      saveVisitSnapshot(slug, {
        task: taskQuery.data,
        mission: missionQuery.data,
        form: formQuery.data,
      })
  }, [slug, taskQuery.data, missionQuery.data, formQuery.data])

  let state: VisitReportState
  if (task && mission && form && draft && media)
    state = {
      status: 'ready',
      data: {
        task,
        mission,
        form,
        draft,
        serverReport,
        media,
        localVisit,
        editable: reportEditable(task, localVisit),
      },
    }
  else {
    // The draft stands in for the server's report when that cannot load (offline).
    const failed = [
      ...(task ? [] : [taskQuery]),
      ...(mission ? [] : [missionQuery]),
      ...(form ? [] : [formQuery]),
      ...(draft ? [] : [reportQuery]),
    ].find((q) => q.isError && !q.data)
    state = failed
      ? { status: 'error', query: failed }
      : !draft && draftError !== undefined
        ? {
            status: 'error',
            query: { ...reportQuery, isError: true, error: draftError } as UseQueryResult<unknown>,
          }
        : { status: 'loading' }
  }
  return { state, task, taskQuery, reportQuery }
}
