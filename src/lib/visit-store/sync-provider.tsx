/**
 * Runs the visit's sync loop while someone is signed in, in every screen (a write queued
 * in a previous session or before a reload still goes out), and refreshes what the screens
 * show when a write reaches the server.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { keepTrying } from '@/lib/keep-trying'
import { afterFirstScreen } from '@/lib/query-client'
import { currentSession, onSessionChange } from '@/lib/session'

/**
 * The sync engine (IndexedDB, outbox, uploads) loads once the first screen has its answers
 * (`afterFirstScreen`), not before: it is not needed to paint /login or /oppy, it keeps
 * ~5 KiB gzip off the entry, and on slow 4G its files would share the phone's connections
 * with the screen's own data.
 */
const loadSyncEngine = () =>
  Promise.all([import('./store'), import('./sync'), import('./db'), import('./unsent-record')])

export function VisitSyncProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [agentId, setAgentId] = useState(() => currentSession()?.agentId ?? null)
  useEffect(() => {
    const unsubscribe = onSessionChange(() => setAgentId(currentSession()?.agentId ?? null))
    return () => void unsubscribe()
  }, [])

  useEffect(() => {
    if (!agentId) return
    let stop: (() => void) | undefined
    let stopTrying: (() => void) | undefined
    let stopHearing: (() => void) | undefined
    let stopRecord: (() => void) | undefined
    let cancelled = false
    void afterFirstScreen(queryClient).then(() => {
      if (cancelled) return
      // Its files may not arrive on a first visit in bad signal: tried again until they do.
      stopTrying = keepTrying(async () => {
        const [store, { runVisitSync }, { onVisitDbClosed }, { keepUnsentRecord }] =
          await loadSyncEngine()
        // A newer version of the app upgraded the device's database in another tab: this
        // tab's code is outdated; the loop reopens the database, and the agent is offered
        // the new version (a reload).
        stopHearing = onVisitDbClosed((reason) => {
          if (reason === 'newer-version')
            void import('@/lib/app-update').then(({ announceUpdateReady }) =>
              announceUpdateReady(() => window.location.reload()),
            )
        })
        // Opened at every run: a database closed under the loop (a newer version upgrading
        // it, the browser) is opened again.
        await store.agentVisitDb()
        if (cancelled) return
        stop = runVisitSync(() => store.agentVisitDb(), queryClient)
        // What is unsent, also outside IndexedDB (a database the browser deletes is noticed).
        stopRecord = keepUnsentRecord(() => store.agentVisitDb(), store.subscribeVisitStore)
      })
    })
    return () => {
      cancelled = true
      stopTrying?.()
      stopHearing?.()
      stopRecord?.()
      stop?.()
    }
  }, [agentId, queryClient])

  return children
}
