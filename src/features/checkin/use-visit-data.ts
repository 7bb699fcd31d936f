/**
 * Loads a visit for the check-in shell: the task, its mission and form, and the report from
 * the server; the local visit and the report draft from the device (creating them the first
 * time). With no connection, the last copy the device kept is used (visit-snapshot).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { isApiError } from '@/api/api-error'
import {
  formQueryOptions,
  missionQueryOptions,
  taskQueryOptions,
} from '@/features/tasks/api/task-queries'
import { reportQueryOptions } from '@/lib/visit-store/api'
import { ensureDraft, ensureLocalVisit } from '@/lib/visit-store/store'
import { useLocalVisit, useReportDraft } from '@/lib/visit-store/hooks'
import { readVisitSnapshot, saveVisitSnapshot } from '@/lib/visit-store/snapshot'

/** The server cannot be reached right now (as opposed to a refusal such as 404). */
export function isConnectionProblem(error: unknown) {
  return !isApiError(error) || error.isTransient
}

export function useVisitData(slug: string) {
  const snapshot = useMemo(() => readVisitSnapshot(slug), [slug])
  const taskQuery = useQuery(taskQueryOptions(slug))
  // The device's copy stands in while the server cannot answer (not when it says "no").
  const fallBack = !taskQuery.data && (taskQuery.isPending || isConnectionProblem(taskQuery.error))
  const task = taskQuery.data ?? (fallBack ? snapshot?.task : undefined)

  const missionQuery = useQuery({
    ...missionQueryOptions(task?.missionId ?? ''),
    enabled: task !== undefined,
  })
  const mission =
    missionQuery.data ??
    (snapshot && snapshot.mission.id === task?.missionId ? snapshot.mission : undefined)
  const formQuery = useQuery({
    ...formQueryOptions(mission?.formId ?? ''),
    enabled: mission !== undefined,
  })
  const form =
    formQuery.data ??
    (snapshot?.form && snapshot.form.id === mission?.formId ? snapshot.form : undefined)
  const reportQuery = useQuery({
    ...reportQueryOptions(task?.reportId ?? ''),
    enabled: task !== undefined,
  })

  // The device copies are made from what the server sent; if that cannot be stored (an answer
  // that drifted from the contract, storage refused), the visit says so instead of loading forever.
  const [deviceError, setDeviceError] = useState<{ from: unknown; error: unknown }>()
  useEffect(() => {
    if (task)
      ensureLocalVisit(task).catch((error: unknown) => setDeviceError({ from: task, error }))
  }, [task])
  useEffect(() => {
    const report = reportQuery.data
    if (report)
      ensureDraft(report).catch((error: unknown) => setDeviceError({ from: report, error }))
  }, [reportQuery.data])
  // Only while the data that failed is still the current one: a retry that brings new data
  // clears it.
  const storeError =
    deviceError && (deviceError.from === task || deviceError.from === reportQuery.data)
      ? deviceError.error
      : undefined
  useEffect(() => {
    if (taskQuery.data && missionQuery.data)
      saveVisitSnapshot(slug, {
        task: taskQuery.data,
        mission: missionQuery.data,
        ...(formQuery.data ? { form: formQuery.data } : {}),
      })
  }, [slug, taskQuery.data, missionQuery.data, formQuery.data])

  const visit = useLocalVisit(task?.id)
  const draft = useReportDraft(task?.reportId)

  return {
    task,
    taskQuery,
    mission,
    missionQuery,
    form,
    report: reportQuery.data,
    reportQuery,
    visit,
    draft,
    storeError,
  }
}
