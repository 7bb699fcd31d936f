/**
 * Push messages as system notifications, and where a tap on one leads. The payload is parsed
 * by the domain's `parsePushMessage`: anything that is not a message shows nothing (and
 * throws nothing). A message's `tag` makes a repeat replace the notification shown before.
 */
import type { PushMessage } from '@/api/entities'
import { parsePushMessage, PUSH_FALLBACK_LINK } from '@/domain/push-message'
import { isAppPath } from '@/lib/app-path'

export const NOTIFICATION_ICON = '/icons/icon-192.png'
/** Monochrome (white on transparent): Android draws the badge from its alpha only. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png'

/** What a notification carries for its tap. */
export type NotificationData = { link: string }

/** An app path a notification may open: never another origin, never the demo. */
export function appLinkOr(value: unknown, fallback = PUSH_FALLBACK_LINK): string {
  if (typeof value !== 'string' || !isAppPath(value)) return fallback
  return /^\/preview(\/|$|\?|#)/.test(value) ? fallback : value
}

/** The message a push carries, or null (nothing is shown for it). */
export function messageOf(data: { text(): string } | null | undefined): PushMessage | null {
  try {
    return parsePushMessage(data?.text())
  } catch {
    return null
  }
}

export function notificationOptions(message: PushMessage): NotificationOptions {
  return {
    body: message.body,
    tag: message.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    lang: 'pt-BR',
    dir: 'ltr',
    data: { link: appLinkOr(message.link) } satisfies NotificationData,
  }
}

/** The link a tapped notification opens. */
export function linkOfNotification(data: unknown): string {
  const link = typeof data === 'object' && data !== null ? (data as NotificationData).link : null
  return appLinkOr(link)
}

/** A window of the app (not of the demo under /preview) at `url`, on `origin`. */
export function isAppWindow(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.origin === origin && !/^\/preview(\/|$)/.test(parsed.pathname)
  } catch {
    return false
  }
}
