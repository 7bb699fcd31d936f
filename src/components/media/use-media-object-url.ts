/**
 * An object URL for a photo or recording, for <img>/<audio>: from the Blob kept on the device,
 * or from the server's bytes (`fetchMediaContent`, which sends the session — a plain src would
 * not). The URL is revoked when the item goes away or changes.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { fetchMediaContent } from '@/lib/visit-store/api'

export type MediaSource =
  { kind: 'local'; id: string; blob: Blob } | { kind: 'server'; evidenceId: string }

export type MediaUrlState = { url?: string; failed: boolean }

function keyOf(source: MediaSource | undefined) {
  if (!source) return undefined
  return source.kind === 'local'
    ? `local:${source.id}:${source.blob.size}`
    : `server:${source.evidenceId}`
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
    const load =
      current.kind === 'local'
        ? Promise.resolve(current.blob)
        : // Evidence bytes never change: fetched once per session, whoever shows them.
          queryClient.fetchQuery({
            queryKey: ['media', current.evidenceId, 'content'],
            queryFn: () => fetchMediaContent(current.evidenceId),
            staleTime: Infinity,
          })
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
