import 'fake-indexeddb/auto'
import { Blob as NodeBlob } from 'node:buffer'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { fakeBackend } from '@/test/render-route'
import { openVisitDb } from '@/lib/visit-store/db'
import { addMedia } from '@/lib/visit-store/store'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const REPORT = 'rep_4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!

/** A 1×1 JPEG, as the compressor would hand it over. */
const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  ),
  (c) => c.charCodeAt(0),
)

async function keepPhoto() {
  const db = await openVisitDb(DEMO_AGENT_ID)
  await waitFor(async () => expect(await db.get('drafts', REPORT)).toBeDefined())
  await addMedia(REPORT, {
    taskId: serverTask().id,
    kind: 'photo',
    // Node's Blob: fake-indexeddb clones it like a browser would (jsdom's Blob does not survive).
    blob: new NodeBlob([TINY_JPEG], { type: 'image/jpeg' }) as unknown as Blob,
    fileName: 'fachada.jpg',
    mimeType: 'image/jpeg',
    width: 1,
    height: 1,
    takenAt: new Date().toISOString(),
  })
}

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

describe('Fotos (the photos part’s page)', () => {
  it('offers to add a photo and says how many the mission asks for', async () => {
    await openVisit(`/tasks/${SLUG}/checkin/evidences`, DEMO_AGENT_ID)
    expect(await screen.findByRole('heading', { name: 'Fotos' })).toBeInTheDocument()
    expect(await screen.findByText('Mínimo de 1 foto · 0 fotos')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Adicionar foto' })).toBeInTheDocument()
  })

  it('lists a photo kept on the device with its upload state, and counts it', async () => {
    await openVisit(`/tasks/${SLUG}/checkin/evidences`, DEMO_AGENT_ID)
    await screen.findByText('Mínimo de 1 foto · 0 fotos')
    await keepPhoto()
    expect(await screen.findByText('Mínimo de 1 foto · 1 foto')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Fotos e arquivos do relatório' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(await within(list).findByText(/^Aguardando/)).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: /Remover/ })).toBeInTheDocument()
  })
})
