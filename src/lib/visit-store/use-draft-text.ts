/**
 * A free text of the report draft (notes, testimony) kept on the device *as it is typed*:
 * every change is written at once — the draft and its queued save in one transaction — and
 * never waits for a pause in typing, so an app killed mid-sentence keeps every character
 * that was on screen. (The save to the server still waits a moment: REPORT_SAVE_SETTLE_MS.)
 *
 * A value the report cannot take yet (`accept` says no: over the limit) is held in device
 * storage instead, under the key older versions used for their typing copy, so it is not
 * lost and is not sent; a held value found at start is moved into the draft when it fits.
 *
 * A page that goes away (reload, app closed, `pagehide`) while a change is still on its way
 * to IndexedDB would take that change with it: the browser aborts unfinished transactions.
 * So at `pagehide` the latest text, if not yet on the disk, is put synchronously in
 * localStorage (`leavingTextKey`), and the next start moves it into the draft.
 *
 * `saved` only when the last change is on the device (and typing has paused).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { deviceStorage } from '@/lib/device-storage'
import type { ReportDraft } from './db'
import { updateDraft } from './store'
import { storageKey } from '@/lib/storage-keys'

type TextField = 'notes' | 'testimony'
/** `typing`: a change is on its way to the disk (nothing is claimed yet). */
export type DraftTextState = 'idle' | 'typing' | 'saving' | 'saved' | 'failed'

/** A write slower than this shows "Salvando…"; faster ones go straight to "saved". */
const SHOW_SAVING_AFTER_MS = 400
/** "Salvo neste aparelho" is said this long after the last change reached the disk. */
const SAVED_AFTER_PAUSE_MS = 300

export const heldTextKey = (reportId: string, field: TextField) =>
  storageKey.visitInput(`${reportId}.${field}`)

/** The text a page left with before its last change reached the disk. */
export const leavingTextKey = (reportId: string, field: TextField) =>
  storageKey.visitInput(`${reportId}.${field}.leaving`)

export function useDraftText(
  draft: ReportDraft,
  field: TextField,
  accept: (value: string) => boolean,
) {
  const { reportId } = draft
  const key = heldTextKey(reportId, field)
  const leavingKey = leavingTextKey(reportId, field)
  const [text, setText] = useState(
    () => deviceStorage.get(leavingKey) ?? deviceStorage.get(key) ?? draft[field],
  )
  // The latest text on screen, and the latest one known to be on the disk.
  const latest = useRef(text)
  const onDisk = useRef(deviceStorage.get(key) ?? draft[field])
  const [state, setState] = useState<DraftTextState>('idle')
  const slow = useRef<ReturnType<typeof setTimeout>>(undefined)
  const acceptRef = useRef(accept)
  useEffect(() => {
    acceptRef.current = accept
  })

  // One write in flight at a time; what is typed meanwhile is written the moment it ends
  // (the latest value only). Typing faster than the device writes never builds a backlog:
  // at most one write is ever between the screen and the disk.
  const inFlight = useRef(false)
  const queued = useRef<string | null>(null)
  const announce = useRef<ReturnType<typeof setTimeout>>(undefined)

  const drain = useCallback(async () => {
    inFlight.current = true
    clearTimeout(slow.current)
    slow.current = setTimeout(() => setState('saving'), SHOW_SAVING_AFTER_MS)
    let failed = false
    while (queued.current !== null) {
      const value = queued.current
      queued.current = null
      try {
        if (acceptRef.current(value)) {
          await updateDraft(reportId, (d) => ({ ...d, [field]: value }), { typing: true })
          if (deviceStorage.get(key) !== null) await deviceStorage.remove(key)
        } else await deviceStorage.set(key, value)
        onDisk.current = value
        if (value === latest.current) deviceStorage.setNow(leavingKey, null)
        failed = false
      } catch {
        failed = true
      }
    }
    inFlight.current = false
    clearTimeout(slow.current)
    if (failed) setState('failed')
    // Said once typing pauses, so a screen reader is not told after every key.
    else announce.current = setTimeout(() => setState('saved'), SAVED_AFTER_PAUSE_MS)
  }, [reportId, field, key, leavingKey])

  const keep = useCallback(
    (value: string) => {
      clearTimeout(announce.current)
      // Not "saved" while a change is on its way to the disk.
      setState((s) => (s === 'saving' ? s : 'typing'))
      latest.current = value
      queued.current = value
      if (!inFlight.current) void drain()
    },
    [drain],
  )

  // Text a page left with goes to the disk now; text held from before (too long then, or an
  // older version's typing copy) goes into the draft as soon as it fits.
  useEffect(() => {
    const leaving = deviceStorage.get(leavingKey)
    if (leaving !== null) {
      if (leaving === onDisk.current) deviceStorage.setNow(leavingKey, null)
      else keep(leaving)
      return
    }
    const held = deviceStorage.get(key)
    if (held !== null && held !== draft[field] && acceptRef.current(held)) keep(held)
    // Only once per report.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // The page goes (reload, closed) with a change not yet on the disk: keep it synchronously.
  useEffect(() => {
    const leave = () => {
      if (latest.current !== onDisk.current) deviceStorage.setNow(leavingKey, latest.current)
    }
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave()
    }
    window.addEventListener('pagehide', leave)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      window.removeEventListener('pagehide', leave)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [leavingKey])

  useEffect(
    () => () => {
      clearTimeout(slow.current)
      clearTimeout(announce.current)
    },
    [],
  )

  const change = useCallback(
    (value: string) => {
      setText(value)
      keep(value)
    },
    [keep],
  )

  return { text, change, state }
}
