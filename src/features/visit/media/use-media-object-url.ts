/**
 * An object URL for a photo or recording, for <img>/<audio>: from the bytes kept on the device,
 * or from the server's bytes (`fetchMediaContent`, which sends the session — a plain src would
 * not). The URL is revoked when the item goes away or changes.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { fetchMediaContent } from '@/lib/visit-store/api'
import type { LocalMedia } from '@/lib/visit-store/db'
import { readMediaBlob } from '@/lib/visit-store/store'
import { queryKeys } from '@/lib/query-keys'

export type MediaSource =
  { kind: 'local'; id: string; evidenceId?: string } | { kind: 'server'; evidenceId: string }

/**
 * Where to show a photo from: the device's copy while it has one, else the server's (its
 * bytes are removed from the device once the server has them and the report is sent).
 */
export function mediaSourceOf(
  local: LocalMedia | undefined,
  evidenceId?: string,
): MediaSource | undefined {
  const serverId = local?.evidenceId ?? evidenceId
  if (local && !local.bytesRemoved)
    return { kind: 'local', id: local.id, ...(serverId ? { evidenceId: serverId } : {}) }
  return serverId ? { kind: 'server', evidenceId: serverId } : undefined
}

export type MediaUrlState = { url?: string; failed: boolean }

function keyOf(source: MediaSource | undefined) {
  if (!source) return undefined
  return source.kind === 'local' ? `local:${source.id}` : `server:${source.evidenceId}`
}

export function useMediaObjectUrl(source: MediaSource | undefined): MediaUrlState {
  const queryClient = useQueryClient()
  const key = keyOf(source)
  const sourceRef = useRef(source)
  useEffect(() => {
    sourceRef.current = source
  })
  const [state, setState] = useState<{ key: string; url?: string; failed: boolean }>()

  useEffect(() => {
    const current = sourceRef.current
    if (!key || !current) return
    let cancelled = false
    let url: string | undefined
    const fromServer = (evidenceId: string) =>
      // Evidence bytes never change: fetched once per session, whoever shows them.
      queryClient.fetchQuery({
        queryKey: [...queryKeys.media, evidenceId, 'content'],
        queryFn: () => fetchMediaContent(evidenceId),
        staleTime: Infinity,
      })
    const load =
      current.kind === 'local'
        ? readMediaBlob(current.id).then((blob) => {
            if (blob) return blob
            // Removed from the device meanwhile (the server has it).
            if (current.evidenceId) return fromServer(current.evidenceId)
            throw new Error('A foto não está mais neste aparelho.')
          })
        : fromServer(current.evidenceId)
    load.then(
      (blob) => {
        if (cancelled) return
        if (typeof URL.createObjectURL !== 'function') {
          setState({ key, failed: true })
          return
        }
        url = URL.createObjectURL(blob)
        setState({ key, url, failed: false })
      },
      () => {
        if (!cancelled) setState({ key, failed: true })
      },
    )
    return () => {
      cancelled = true
      if (url) URL.revokeObjectURL(url)
    }
  }, [key, queryClient])

  return state && state.key === key ? { url: state.url, failed: state.failed } : { failed: false }
}
