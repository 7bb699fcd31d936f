import { describe, expect, it } from 'vitest'
import {
  appLinkOr,
  isAppWindow,
  linkOfNotification,
  messageOf,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  notificationOptions,
} from './notifications'

const message = {
  title: 'Tarefa aprovada',
  body: 'Sua visita T-4821 foi aprovada.',
  tag: 'tarefa-aprovada-t-4821',
  link: '/tasks/T-4821',
}

describe('the notification a push shows', () => {
  it('carries the text, the tag, the icon, the monochrome badge and the link', () => {
    expect(notificationOptions(message)).toEqual({
      body: message.body,
      tag: message.tag,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'pt-BR',
      dir: 'ltr',
      data: { link: '/tasks/T-4821' },
    })
  })

  it('never links outside the app or into the demo', () => {
    for (const link of [
      'https://phishing.example/login',
      '//phishing.example',
      '/\\phishing.example',
      'javascript:alert(1)',
      '/preview',
      '/preview/tasks/T-1',
      '/preview?seed=7',
    ])
      expect(notificationOptions({ ...message, link }).data).toEqual({ link: '/notifs' })
    expect(appLinkOr('/event/task?id=tsk_1')).toBe('/event/task?id=tsk_1')
    expect(appLinkOr('/previews')).toBe('/previews')
  })

  it('reads the link back from a tapped notification, whatever its data holds', () => {
    expect(linkOfNotification({ link: '/oppy/tsk_9' })).toBe('/oppy/tsk_9')
    expect(linkOfNotification(null)).toBe('/notifs')
    expect(linkOfNotification({ link: 'https://x.example' })).toBe('/notifs')
    expect(linkOfNotification('texto')).toBe('/notifs')
  })

  it('reads a payload whose text() throws as nothing', () => {
    const throwing = {
      text(): string {
        throw new TypeError('not text')
      },
    }
    expect(messageOf(throwing)).toBeNull()
    expect(messageOf(null)).toBeNull()
    expect(messageOf({ text: () => JSON.stringify(message) })).toEqual(message)
  })
})

describe('which window a tap may take to its link', () => {
  const origin = 'https://app.avaliador.example'
  it('a window of the app, not of the demo or of another origin', () => {
    expect(isAppWindow(`${origin}/account`, origin)).toBe(true)
    expect(isAppWindow(`${origin}/`, origin)).toBe(true)
    expect(isAppWindow(`${origin}/preview`, origin)).toBe(false)
    expect(isAppWindow(`${origin}/preview/oppy`, origin)).toBe(false)
    expect(isAppWindow('https://other.example/account', origin)).toBe(false)
    expect(isAppWindow('not a url', origin)).toBe(false)
  })
})
