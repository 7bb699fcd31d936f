/**
 * The check-in's part pages come from the parts' registry (REPORT_PARTS' `checkinPage`): a tab
 * and a page for each part that declares one, named as the part, in the order it declares.
 */
import 'fake-indexeddb/auto'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { CHECKIN_PARTS } from '@/features/report/parts/parts'
import { fakeBackend, routeLoaded } from '@/test/render-route'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

describe("the check-in's part pages", () => {
  it('are a tab and a page for every part that declares one, named as the part', async () => {
    // Today's pages keep their tabs' order (a part added later takes its own place).
    const today = ['checklist', 'attendants', 'times', 'evidences', 'awards']
    expect(CHECKIN_PARTS.map((p) => p.id).filter((id) => today.includes(id))).toEqual(today)
    const { router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    const pages = await screen.findByRole('navigation', { name: 'Páginas da visita' })
    const tabs = within(pages).getAllByRole('link')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Controle',
      'Instruções',
      ...CHECKIN_PARTS.map((p) => p.title),
      'Observações',
    ])
    for (const part of CHECKIN_PARTS) {
      const tab = within(pages).getByRole('link', { name: part.title })
      expect(tab).toHaveAttribute('href', `/tasks/${SLUG}/checkin/${part.checkinPage.path}`)
      await act(() => router.navigate(`/tasks/${SLUG}/checkin/${part.checkinPage.path}`))
      await routeLoaded(router)
      expect(await screen.findByRole('heading', { level: 1, name: part.title })).toBeVisible()
    }
  })

  it('say "Página não encontrada" for a path that names no part’s page', async () => {
    await openVisit(`/tasks/${SLUG}/checkin/nada`, DEMO_AGENT_ID)
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/')
  })
})
