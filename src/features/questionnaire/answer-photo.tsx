/**
 * The photo of a photo answer: from the device while it waits to be sent, from the server
 * (with the session) once it is an evidence.
 */
import {
  mediaSourceOf,
  useMediaObjectUrl,
  type MediaSource,
} from '@/features/visit/media/use-media-object-url'
import type { LocalMedia } from '@/lib/visit-store/db'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'
import styles from './questionnaire.module.css'

export function AnswerPhoto({
  value,
  media,
  alt,
}: {
  value: string
  media: readonly LocalMedia[]
  alt: string
}) {
  const isLocal = value.startsWith(LOCAL_MEDIA_PREFIX)
  const local = isLocal
    ? media.find((m) => m.id === value.slice(LOCAL_MEDIA_PREFIX.length))
    : media.find((m) => m.evidenceId === value)
  const source: MediaSource | undefined = mediaSourceOf(
    local,
    !isLocal && value !== '' ? value : undefined,
  )
  const { url } = useMediaObjectUrl(source)
  if (!url) return null
  return <img className={styles.photo} src={url} alt={alt} width={160} height={160} />
}
