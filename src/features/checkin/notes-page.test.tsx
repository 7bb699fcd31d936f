import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { fakeBackend } from '@/test/render-route'
import { mutateDraft, openVisitDb } from '@/lib/visit-store/db'
import { notifyVisitStoreReaders } from '@/lib/visit-store/store'
import { leavingTextKey } from '@/lib/visit-store/use-draft-text'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
const serverReport = () => fakeBackend.db.reports.findFirst((q) => q.where({ id: 'rep_4826' }))!
const draftNotes = async () =>
  (await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826'))?.notes

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

/**
 * Another tab of the app writing the notes (the same device database), as the app writes a
 * draft: read and written in one transaction. (Read, then written in another, it would put
 * back the version this tab's sync had just moved on — a stale save no real tab sends.)
 */
async function otherTabWrites(notes: string, { tellOtherTabs = true } = {}) {
  await mutateDraft(await openVisitDb(DEMO_AGENT_ID), 'rep_4826', (draft) => ({
    ...draft,
    notes,
    dirty: true,
    updatedAt: new Date().toISOString(),
  }))
  if (tellOtherTabs) notifyVisitStoreReaders()
}

describe('Observações', () => {
  it('two tabs: what the other tab typed appears here, and typing here keeps both', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/notes`, DEMO_AGENT_ID)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    await user.type(notes, 'Fila de 5 pessoas.')
    await waitFor(async () => expect(await draftNotes()).toBe('Fila de 5 pessoas.'))

    // The other tab adds a sentence while this one is idle: it shows here.
    await otherTabWrites('Fila de 5 pessoas. Loja limpa.')
    await waitFor(() => expect(notes).toHaveValue('Fila de 5 pessoas. Loja limpa.'))
    expect(screen.getByText(/também foram editadas em outra aba/)).toBeInTheDocument()

    // The other tab writes again, and this one types before hearing of it: both are kept.
    await otherTabWrites('Fila de 5 pessoas. Loja limpa. Ar quebrado.', { tellOtherTabs: false })
    await user.type(notes, ' Caixa lento.')
    const both = 'Fila de 5 pessoas. Loja limpa. Ar quebrado. Caixa lento.'
    await waitFor(async () => expect(await draftNotes()).toBe(both))
    expect(notes).toHaveValue(both)
    await waitFor(() => expect(serverReport().notes).toBe(both))
  })

  it('saves the text as it is typed, on the device and then on the server', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/notes`, DEMO_AGENT_ID)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    await user.type(notes, 'Fila longa no caixa rápido.')
    expect(await screen.findByText('Salvo neste aparelho')).toBeInTheDocument()
    expect(await draftNotes()).toBe('Fila longa no caixa rápido.')
    await waitFor(() => expect(serverReport().notes).toBe('Fila longa no caixa rápido.'))
  })

  it('saves at once when the field loses focus, and shows the saved text again later', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/notes`, DEMO_AGENT_ID)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    fireEvent.change(notes, { target: { value: 'Pão saindo às 12h.' } })
    fireEvent.blur(notes)
    await waitFor(async () => expect(await draftNotes()).toBe('Pão saindo às 12h.'))
    await user.click(screen.getByRole('link', { name: 'Controle' }))
    await screen.findByRole('heading', { name: 'Controle da visita' })
    await user.click(screen.getByRole('link', { name: 'Observações' }))
    expect(await screen.findByRole('textbox', { name: 'Observações da visita' })).toHaveValue(
      'Pão saindo às 12h.',
    )
  })

  it('saves what is waiting when the agent leaves the page before the pause', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/notes`, DEMO_AGENT_ID)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    fireEvent.change(notes, { target: { value: 'Saí rápido.' } })
    await user.click(screen.getByRole('link', { name: 'Controle' }))
    await waitFor(async () => expect(await draftNotes()).toBe('Saí rápido.'))
  })

  // A reload or a closed app aborts an IndexedDB write that has not finished: the last
  // change is put in localStorage synchronously at pagehide, and the next start keeps it.
  it('keeps a change that was still on its way to the disk when the page went', async () => {
    const { unmount } = await openVisit(`/tasks/${SLUG}/checkin/notes`, DEMO_AGENT_ID)
    const notes = await screen.findByRole('textbox', { name: 'Observações da visita' })
    const key = leavingTextKey('rep_4826', 'notes')
    fireEvent.change(notes, { target: { value: 'Digitado antes de fechar.' } })
    window.dispatchEvent(new PageTransitionEvent('pagehide'))
    // Synchronously: nothing asynchronous runs once a page is gone.
    expect(localStorage.getItem(key)).toBe('Digitado antes de fechar.')
    // Once the write is on the disk, the copy is not needed any more.
    await waitFor(async () => expect(await draftNotes()).toBe('Digitado antes de fechar.'))
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull())
    unmount()
  })

  it('moves the text a page left with into the draft at the next start', async () => {
    const { router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByRole('heading', { name: 'Controle da visita' })
    // The agent's key: named once the app knows whose visit it is (before, it depended on the
    // agent the test before this one left signed in).
    const key = leavingTextKey('rep_4826', 'notes')
    // What the last page left (opening the app clears the test's storage first).
    localStorage.setItem(key, 'O último pedaço chegou.')
    await router.navigate(`/tasks/${SLUG}/checkin/notes`)
    expect(await screen.findByRole('textbox', { name: 'Observações da visita' })).toHaveValue(
      'O último pedaço chegou.',
    )
    await waitFor(async () => expect(await draftNotes()).toBe('O último pedaço chegou.'))
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull())
    await waitFor(() => expect(serverReport().notes).toBe('O último pedaço chegou.'))
  })
})
