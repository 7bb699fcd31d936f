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
 * Two tabs editing the same text converge: each write merges what this tab typed since the
 * text it last agreed on with the draft (`ancestor`) into what the draft holds now
 * (`mergeText`, a three-way merge), so a save carries what every tab typed; and a change
 * written by another tab while this one is not typing appears here. `mergedFromOtherTab`
 * says so once, for the screen.
 *
 * `saved` only when the last change is on the device (and typing has paused).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { deviceStorage } from '@/lib/device-storage'
import { mergeText } from '@/lib/merge-text'
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
  // The draft's text this tab last agreed with (what a merge starts from), and when this tab
  // last wrote it (a read of the draft older than that is this tab's own past).
  const ancestor = useRef(draft[field])
  const wroteAt = useRef('')
  const [mergedFromOtherTab, setMergedFromOtherTab] = useState(false)
  // A text this hook put on screen (`to`, replacing `from`) that the page has not shown yet: a
  // key typed meanwhile changed `from`, and is applied onto `to` instead (`keep`).
  const replacing = useRef<{ from: string; to: string } | null>(null)
  useLayoutEffect(() => {
    if (replacing.current?.to === text) replacing.current = null
  }, [text])
  const show = useCallback((from: string, to: string) => {
    replacing.current = { from, to }
    latest.current = to
    setText(to)
  }, [])
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
        let stored = value
        if (acceptRef.current(value)) {
          const base = ancestor.current
          // In the same transaction as the write: another tab's text since `base` is kept.
          const written = await updateDraft(
            reportId,
            (d) => ({
              ...d,
              [field]: d[field] === base ? value : mergeText(base, value, d[field]),
            }),
            { typing: true },
          )
          stored = written[field]
          ancestor.current = stored
          wroteAt.current = written.updatedAt
          if (deviceStorage.get(key) !== null) await deviceStorage.remove(key)
          if (stored !== value) {
            // Another tab wrote meanwhile: the screen shows both (with what was typed since).
            const screen = latest.current
            const rebased = screen === value ? stored : mergeText(value, screen, stored)
            show(screen, rebased)
            if (queued.current !== null) queued.current = rebased
            setMergedFromOtherTab(true)
          }
        } else await deviceStorage.set(key, value)
        onDisk.current = stored
        if (stored === latest.current) deviceStorage.setNow(leavingKey, null)
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
  }, [reportId, field, key, leavingKey, show])

  const keep = useCallback(
    (typed: string) => {
      // Typed on a text this hook has just replaced, before the page showed the new one.
      const value = replacing.current
        ? mergeText(replacing.current.from, typed, replacing.current.to)
        : typed
      if (value !== typed) show(typed, value)
      clearTimeout(announce.current)
      // Not "saved" while a change is on its way to the disk.
      setState((s) => (s === 'saving' ? s : 'typing'))
      latest.current = value
      queued.current = value
      if (!inFlight.current) void drain()
    },
    [drain, show],
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

  // Another tab changed the text while this one is not typing: show it. (While typing, the
  // next write merges it.) A read older than this tab's last write is its own past: ignored.
  const stored = draft[field]
  const storedAt = draft.updatedAt
  useEffect(() => {
    if (stored === ancestor.current || storedAt <= wroteAt.current) return
    if (inFlight.current || queued.current !== null) return
    if (latest.current !== ancestor.current || deviceStorage.get(key) !== null) return
    ancestor.current = stored
    onDisk.current = stored
    show(latest.current, stored)
    setMergedFromOtherTab(true)
  }, [stored, storedAt, key, show])

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
      if (!replacing.current) setText(value)
      keep(value)
    },
    [keep],
  )

  return { text, change, state, mergedFromOtherTab }
}
