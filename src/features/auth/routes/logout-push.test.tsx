/** Sign-out stops this phone's pushes on both sides, before the session is gone. */
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { fakePushBrowser, restorePushBrowser } from '@/test/push-kit'
import { storedPush, subscribeDevice } from '@/lib/push'
import { authCopy } from '../copy'

afterEach(() => restorePushBrowser())

describe('Sair', () => {
  it("removes this phone's push subscription on the server and in the browser", async () => {
    const browser = fakePushBrowser({ permission: 'granted' })
    const { router } = await renderRoute('/account')
    await subscribeDevice(browser.registration)
    const endpoint = browser.subscription!.endpoint
    expect(fakeBackend.db.pushSubscriptions.all()).toHaveLength(1)

    await router.navigate('/logout?confirm=1')
    expect(
      await screen.findByRole('link', { name: authCopy.logout.signInAgain }),
    ).toBeInTheDocument()
    expect(
      fakeBackend.db.pushSubscriptions.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID })),
    ).toEqual([])
    expect(browser.unsubscribed).toEqual([endpoint])
    expect(await storedPush()).toBeNull()
  })
})
