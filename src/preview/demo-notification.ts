/**
 * The demo's system notifications: when the presenter makes news in the panel ("Nova
 * notificação", "Nova oportunidade") and the browser allows notifications, the phone shows
 * one as a push would — the demo has no push server, so the page shows it itself. A tap
 * opens the demo on the notification's link.
 */
import type { Notification as AppNotification } from '@/api/entities'
import { parsePushMessage, pushMessageOf } from '@/domain/push-message'
import { isAppPath } from '@/lib/app-path'
import { PREVIEW_BASENAME } from '@/lib/preview-path'

const ICON = '/icons/icon-192.png'
const BADGE = '/icons/badge-96.png'

export async function showDemoNotification(
  notification: Pick<AppNotification, 'slug' | 'kind' | 'title' | 'body' | 'link'>,
): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false
  // Through the same parser as a real push: what a push would not show, the demo does not.
  const message = parsePushMessage(JSON.stringify(pushMessageOf(notification)))
  if (!message) return false
  const target = `${PREVIEW_BASENAME}${isAppPath(message.link) ? message.link : '/notifs'}`
  const options: NotificationOptions = {
    body: message.body,
    tag: message.tag,
    icon: ICON,
    badge: BADGE,
    lang: 'pt-BR',
    data: { link: target },
  }
  try {
    const shown = new Notification(message.title, options)
    shown.onclick = () => {
      window.focus()
      window.location.assign(target)
    }
    return true
  } catch {
    // Android Chrome shows notifications only through a service worker: the demo's own
    // (MSW's, scope /preview/) shows it; a tap there brings the browser to the front.
    const registration = await navigator.serviceWorker?.getRegistration('/preview/')
    if (!registration) return false
    await registration.showNotification(message.title, options)
    return true
  }
}
