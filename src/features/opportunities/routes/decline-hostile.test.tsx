/** Declining an offer with a hostile reason (issue #8). */
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { enter, expectFieldError, FORM_INPUTS, watchForCrashes } from '@/test/hostile-form'
import { fakeBackend, renderRoute } from '@/test/render-route'
import { opportunityCopy } from '../copy'

const crashes = watchForCrashes()

describe('Recusar oportunidade with a hostile reason', () => {
  it('an invisible reason is no reason; a 10 kB paste is cut to 300 characters and sent as text', async () => {
    const { user, router } = await renderRoute('/account')
    const [offer] = fakeBackend.db.opportunities.findMany((q) => q.where({ status: 'pending' }))
    await act(() => router.navigate(`/oppy/${offer!.taskId}`))
    await user.click(await screen.findByRole('button', { name: 'Recusar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Recusar oportunidade' })
    await user.click(within(sheet).getByRole('button', { name: 'Outro' }))
    const field = within(sheet).getByLabelText('Conte o motivo')
    const submit = within(sheet).getByRole('button', { name: 'Recusar oportunidade' })

    for (const invisible of [FORM_INPUTS.invisible, ' \u00a0\u3000\u200b ']) {
      await enter(user, field, invisible)
      await user.click(submit)
      expectFieldError(field, opportunityCopy.declineDescribeReason)
      expect(field).toHaveValue(invisible)
    }
    const stored = () =>
      fakeBackend.db.opportunities.findFirst((q) => q.where({ taskId: offer!.taskId }))!
    expect(stored().status).toBe('pending')

    await enter(user, field, FORM_INPUTS.paste10kB, 'paste')
    expect(field).toHaveValue(FORM_INPUTS.paste10kB.slice(0, 300))
    await user.click(submit)
    expect(await screen.findByText('Oportunidade recusada')).toBeInTheDocument()
    expect(stored()).toMatchObject({
      status: 'declined',
      declineReason: FORM_INPUTS.paste10kB.slice(0, 300).trim(),
    })
    expect(crashes()).toEqual([])
  })
})
