import { afterEach, describe, expect, it, vi } from 'vitest'
import { showDemoNotification } from './demo-notification'

const notification = {
  slug: 'aviso-da-equipe-1',
  kind: 'system' as const,
  title: 'Aviso da equipe',
  body: 'Confira as novas regras de fotos no Ajuda.',
  link: '/help',
}

function fakeNotification(permission: NotificationPermission) {
  const shown: Array<{
    title: string
    options: NotificationOptions
    self: { onclick?: () => void }
  }> = []
  class FakeNotification {
    static permission = permission
    onclick?: () => void
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, self: this })
    }
  }
  vi.stubGlobal('Notification', FakeNotification)
  return shown
}

afterEach(() => vi.unstubAllGlobals())

describe("the demo panel's system notification", () => {
  it('shows what a push would, linking into the demo, when notifications are allowed', async () => {
    const shown = fakeNotification('granted')
    expect(await showDemoNotification(notification)).toBe(true)
    expect(shown).toHaveLength(1)
    expect(shown[0]!.title).toBe('Aviso da equipe')
    expect(shown[0]!.options).toMatchObject({
      body: notification.body,
      tag: 'aviso-da-equipe-1',
      lang: 'pt-BR',
      data: { link: '/preview/help' },
    })
  })

  it('shows nothing when notifications are not allowed', async () => {
    const shown = fakeNotification('default')
    expect(await showDemoNotification(notification)).toBe(false)
    expect(shown).toHaveLength(0)
  })
})
