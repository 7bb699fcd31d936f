/** The shell puts the unread count on the installed app's icon. */
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-route'

afterEach(() => Reflect.deleteProperty(navigator, 'setAppBadge'))

describe('the app badge', () => {
  it('shows the unread notifications of the signed-in agent', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true })
    await renderRoute('/oppy')
    await screen.findByRole('heading', { level: 1, name: 'Oportunidades' })
    await waitFor(() => expect(setAppBadge).toHaveBeenCalledWith(3))
  })
})
