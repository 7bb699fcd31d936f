/**
 * The payload of a Web Push message (`PushMessage` in openapi.yaml): the fake backend builds
 * it from a notification, the service worker parses it before showing anything. Parsing
 * never throws: a payload that is not this shape is `null`, and nothing is shown for it.
 */
import type { Notification, NotificationKind, PushMessage } from '@/api/entities'

const LIMITS = { title: 200, body: 1000, tag: 200, link: 2000 } as const
const KINDS: readonly NotificationKind[] = ['task', 'validation', 'payment', 'bulletin', 'system']

/** Where a notification without a link of its own leads: the notification list. */
export const PUSH_FALLBACK_LINK = '/notifs'

/** The push message of one notification; `tag` is its slug, so a repeat replaces it. */
export function pushMessageOf(
  notification: Pick<Notification, 'slug' | 'kind' | 'title' | 'body' | 'link'>,
  unreadCount?: number,
): PushMessage {
  return {
    title: notification.title.slice(0, LIMITS.title),
    body: notification.body.slice(0, LIMITS.body),
    tag: notification.slug.slice(0, LIMITS.tag),
    link: notification.link ?? PUSH_FALLBACK_LINK,
    kind: notification.kind,
    ...(unreadCount === undefined ? {} : { unreadCount }),
  }
}

const isText = (value: unknown, max: number, min = 1): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max

/** The message in a push payload (its text), or null when it is not one. */
export function parsePushMessage(payload: string | null | undefined): PushMessage | null {
  if (typeof payload !== 'string' || payload.length === 0) return null
  let raw: unknown
  try {
    raw = JSON.parse(payload)
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null
  const { title, body, tag, link, kind, unreadCount } = raw as Record<string, unknown>
  if (!isText(title, LIMITS.title) || title.trim() === '') return null
  if (!isText(body, LIMITS.body, 0)) return null
  if (!isText(tag, LIMITS.tag)) return null
  if (!isText(link, LIMITS.link)) return null
  const message: PushMessage = { title, body, tag, link }
  if (typeof kind === 'string' && KINDS.includes(kind as NotificationKind))
    message.kind = kind as NotificationKind
  if (typeof unreadCount === 'number' && Number.isInteger(unreadCount) && unreadCount >= 0)
    message.unreadCount = unreadCount
  return message
}
