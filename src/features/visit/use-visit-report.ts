/**
 * The one loader of a visit, for every visit screen (the check-in shell, the questionnaire,
 * the report): the task, its mission and form (cached queries), the server's report (to seed
 * and refresh the draft), and from the device the draft itself, the visit's local media and
 * check-in. The device's draft is the source of truth for what the agent changed.
 *
 * With no connection, the last task, mission and form the server sent for this visit stand in
 * (`visit-store/snapshot.ts`; docs/architecture.md says why that copy is kept beside the query
 * cache) — only while the server cannot be reached, never when it answered "no" (404).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
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
import { ensureDraft, ensureLocalVisit } from '@/lib/visit-store/store'
import { useLocalVisit, useReportDraft, useTaskMedia } from '@/lib/visit-store/hooks'
import { reportEditable } from './draft-content'

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

/** The server cannot be reached right now (as opposed to a refusal such as 404). */
export function isConnectionProblem(error: unknown) {
  return !isApiError(error) || error.isTransient
}

/** The query has no answer because the server cannot be reached now (or has not answered yet). */
function unreachable(query: { isPending: boolean; isError: boolean; error: unknown }) {
  return query.isPending || (query.isError && isConnectionProblem(query.error))
}

/**
 * The task with the check-in and check-out the server confirmed after it sent this copy (the
 * device's record says `synced`): the kept copy then knows them, so a reopen with no
 * connection and without the device's database (the browser deleted it) still opens the
 * visit where it was, not at the check-in.
 */
function withConfirmedSteps(task: Task, local: LocalVisit | undefined): Task {
  const steps = { ...task.steps }
  if (!steps.checkin && local?.checkin?.synced) {
    const { at, lat, lng, accuracy, offline } = local.checkin
    steps.checkin = { at, lat, lng, accuracy, ...(offline ? { offline } : {}) }
  }
  if (!steps.checkout && local?.checkout?.synced)
    steps.checkout = { at: local.checkout.at, offline: local.checkout.offline }
  return steps.checkin === task.steps.checkin && steps.checkout === task.steps.checkout
    ? task
    : { ...task, steps }
}

export function useVisitReport(
  slug: string,
  options: {
    /** Make the device's record of the visit (the check-in shell: the check-in is written there). */
    ensureLocalVisit?: boolean
  } = {},
) {
  // What the server last sent about this visit, for a reload with no connection.
  const snapshot = useMemo(() => readVisitSnapshot(slug), [slug])
  const taskQuery = useQuery(taskQueryOptions(slug))
  const task = taskQuery.data ?? (unreachable(taskQuery) ? snapshot?.task : undefined)
  const missionQuery = useQuery({
    ...missionQueryOptions(task?.missionId ?? ''),
    enabled: task !== undefined,
  })
  const mission =
    missionQuery.data ??
    (snapshot?.mission.id === task?.missionId && unreachable(missionQuery)
      ? snapshot?.mission
      : undefined)
  const formQuery = useQuery({
    ...formQueryOptions(mission?.formId ?? ''),
    enabled: mission !== undefined,
  })
  const form =
    formQuery.data ??
    (snapshot?.form && snapshot.form.id === mission?.formId && unreachable(formQuery)
      ? snapshot.form
      : undefined)
  const reportQuery = useQuery({
    ...reportQueryOptions(task?.reportId ?? ''),
    enabled: task !== undefined,
  })
  const draft = useReportDraft(task?.reportId)
  const media = useTaskMedia(task?.id)
  const localVisit = useLocalVisit(task?.id)
  const serverReport = reportQuery.data

  // The device copies are made from what the server sent; if that cannot be stored (an answer
  // that drifted from the contract, storage refused), the screen says so with a retry instead
  // of loading forever.
  const [deviceError, setDeviceError] = useState<{ from: unknown; error: unknown }>()
  const ensureVisit = options.ensureLocalVisit === true
  useEffect(() => {
    if (task && ensureVisit)
      ensureLocalVisit(task).catch((error: unknown) => setDeviceError({ from: task, error }))
  }, [task, ensureVisit])
  useEffect(() => {
    if (serverReport)
      ensureDraft(serverReport).catch((error: unknown) =>
        setDeviceError({ from: serverReport, error }),
      )
  }, [serverReport])
  // Only while the data that failed is still the current one: a retry that brings new data
  // clears it.
  const storeError =
    deviceError && (deviceError.from === task || deviceError.from === serverReport)
      ? deviceError.error
      : undefined

  useEffect(() => {
    const sent = { task: taskQuery.data, mission: missionQuery.data }
    if (!sent.task || !sent.mission) return
    // The form is kept too once known; a save before it loads keeps the one already kept.
    const kept = readVisitSnapshot(slug)?.form
    const keptForm = formQuery.data ?? (kept?.id === sent.mission.formId ? kept : undefined)
    saveVisitSnapshot(slug, {
      task: withConfirmedSteps(sent.task, localVisit),
      mission: sent.mission,
      ...(keptForm ? { form: keptForm } : {}),
    })
  }, [slug, taskQuery.data, missionQuery.data, formQuery.data, localVisit])

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
      : !draft && storeError !== undefined
        ? {
            status: 'error',
            query: { ...reportQuery, isError: true, error: storeError } as UseQueryResult<unknown>,
          }
        : { status: 'loading' }
  }
  return {
    state,
    task,
    taskQuery,
    mission,
    missionQuery,
    form,
    serverReport,
    reportQuery,
    draft,
    media,
    localVisit,
    storeError,
  }
}
