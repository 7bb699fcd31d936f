/**
 * The agent's answers to a revision's pendencies, kept on the device while they are typed
 * (localStorage, under the agent-data prefix that sign-out clears) until the server has them.
 */
import { useCallback } from 'react'
import type { Pendency } from '@/api/entities'
import type { components } from '@/api/schema.gen'
import { justificationSchema } from '@/domain/text-limits'
import { formatMmSs, timeEntryTextSchema } from '@/domain/time-entry'
import type { LocalMedia } from '@/lib/visit-store/db'
import { validationCopy as copy } from './validation-copy'
import { usePersistentState, writePersistent } from '@/lib/persistent-input'
import { storageKey } from '@/lib/storage-keys'

type PendencyAnswer = components['schemas']['PendencyAnswer']

export type PendencyDraft = { justification: string; correctedValue: string; mediaIds: string[] }
export type PendencyDrafts = Record<string, PendencyDraft>

/** PendencyAnswer.correctedValue maxLength in openapi.yaml: a longer value is refused whole. */
export const CORRECTED_VALUE_MAX_CHARS = 1000

export const EMPTY_PENDENCY_DRAFT: PendencyDraft = {
  justification: '',
  correctedValue: '',
  mediaIds: [],
}

export const pendencyAnswersKey = storageKey.pendencyAnswers

const NONE: PendencyDrafts = {}

/** Kept answers as this version reads them (anything else is no answers). */
function parseDrafts(stored: unknown): PendencyDrafts {
  return typeof stored === 'object' && stored !== null && !Array.isArray(stored)
    ? (stored as PendencyDrafts)
    : NONE
}

export function clearPendencyAnswers(revisionId: string) {
  writePersistent(pendencyAnswersKey(revisionId), null)
}

/** The revision's answers as typed, kept on the device (lib/persistent-input) until sent. */
export function usePendencyAnswers(revisionId: string) {
  const [answers, setAnswers] = usePersistentState(
    pendencyAnswersKey(revisionId),
    NONE,
    parseDrafts,
  )
  const update = useCallback(
    (pendencyId: string, patch: Partial<PendencyDraft>) =>
      setAnswers((current) => ({
        ...current,
        [pendencyId]: { ...EMPTY_PENDENCY_DRAFT, ...current[pendencyId], ...patch },
      })),
    [setAnswers],
  )
  return { answers, update }
}

/** The pt-BR problem of a corrected value, or undefined (times are typed as mm:ss). */
export function correctedValueProblem(pendency: Pendency, value: string): string | undefined {
  if (value.trim() === '' || pendency.section !== 'times') return undefined
  const result = timeEntryTextSchema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

export function justificationProblem(value: string): string | undefined {
  const result = justificationSchema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/** Resolved: a valid justification and, when given, a valid corrected value. */
export function isResolved(pendency: Pendency, draft: PendencyDraft | undefined): boolean {
  const d = draft ?? EMPTY_PENDENCY_DRAFT
  return (
    !justificationProblem(d.justification) && !correctedValueProblem(pendency, d.correctedValue)
  )
}

/** New photos of a pendency that the server does not have yet. */
export function unsentPhotos(draft: PendencyDraft | undefined, media: readonly LocalMedia[]) {
  return (draft?.mediaIds ?? []).filter((id) => {
    const m = media.find((x) => x.id === id)
    return m !== undefined && !(m.state === 'sent' && m.evidenceId)
  })
}

/** The answers the server receives: trimmed justification, corrected value (times as mm:ss, new photos named). */
export function pendencyAnswersFor(
  pendencies: readonly Pendency[],
  drafts: PendencyDrafts,
  media: readonly LocalMedia[],
): PendencyAnswer[] {
  return pendencies.map((p) => {
    const d = drafts[p.id] ?? EMPTY_PENDENCY_DRAFT
    const typed = d.correctedValue.trim()
    const time = p.section === 'times' && typed ? timeEntryTextSchema.safeParse(typed) : null
    const photoIds = d.mediaIds.flatMap((id) => {
      const evidenceId = media.find((m) => m.id === id)?.evidenceId
      return evidenceId ? [evidenceId] : []
    })
    const parts = [
      time?.success ? formatMmSs(time.data) : typed,
      photoIds.length > 0 ? copy.correctedPhotos(photoIds) : '',
    ].filter(Boolean)
    return {
      pendencyId: p.id,
      justification: d.justification.trim(),
      ...(parts.length > 0 ? { correctedValue: parts.join(' · ') } : {}),
    }
  })
}
