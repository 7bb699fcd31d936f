/**
 * Test support for the media pieces (imported by *.test.tsx only): renders a component the
 * way a visit page would — signed in as the demo agent, the report's draft on the device
 * (fake-indexeddb), the sync loop running against the fake backend (msw/node) — and stands
 * in for what jsdom lacks (camera, microphone, object URLs).
 *
 * jsdom's Blob cannot be stored in fake-indexeddb (Node's structuredClone does not know it)
 * nor read by the fake backend; `installNodeBlobs()` makes Blob/File/FormData Node's own for
 * the test file, as they are one family in a browser.
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { IDBFactory } from 'fake-indexeddb'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, vi } from 'vitest'
import type { Report, Task } from '@/api/entities'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { SnackbarOutlet, SnackbarProvider } from '@/components/snackbar'
import { resetApiClient } from '@/lib/api'
import { saveSession } from '@/lib/session'
import { API, fakeBackend } from './render-route'
import { closeVisitDbs } from '@/lib/visit-store/db'
import { agentVisitDb, ensureDraft } from '@/lib/visit-store/store'
import { VisitSyncProvider } from '@/lib/visit-store/sync-provider'

const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData())
  .constructor as typeof FormData

let originalUrls: { create: typeof URL.createObjectURL; revoke: typeof URL.revokeObjectURL }

/** Blob, File and FormData from Node for this test file (see the module comment). */
export function installNodeBlobs() {
  beforeEach(() => {
    vi.stubGlobal('Blob', NodeBlob)
    vi.stubGlobal('File', NodeFile)
    vi.stubGlobal('FormData', NodeFormData)
    let n = 0
    originalUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn(() => `blob:test/${++n}`)
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    URL.createObjectURL = originalUrls.create
    URL.revokeObjectURL = originalUrls.revoke
  })
}

/** A fresh device: no visit database left from the previous test. */
export async function freshDevice() {
  await closeVisitDbs()
  globalThis.indexedDB = new IDBFactory()
}

/** The demo agent's seeded session on the fake backend. */
export function demoSession() {
  const session = fakeBackend.db.sessions.findFirst()
  if (!session) throw new Error('no seeded session')
  return { token: session.token, agentId: session.agentId }
}

/** A task of the demo agent in a status, with its report on the fake server. */
export function seededTask(
  status: Task['status']['code'],
  where?: (task: Task) => boolean,
): { task: Task; report: Report } {
  const task = fakeBackend.db.tasks.findFirst((q) =>
    q.where(
      (t) =>
        t.agentId === demoSession().agentId && t.status.code === status && (!where || where(t)),
    ),
  )
  if (!task) throw new Error(`no ${status} task seeded`)
  const report = fakeBackend.db.reports.findFirst((q) => q.where({ id: task.reportId }))
  if (!report) throw new Error(`no report for ${task.slug}`)
  return { task: structuredClone(task) as Task, report: structuredClone(report) as Report }
}

/**
 * Renders `ui` at `/visit` inside the app's providers (call `prepareDevice()` first); a link
 * followed elsewhere shows "Outra página" (and `router.state.location` says where).
 */
export type RenderMediaOptions = {
  /** The visit's report: its draft is put on the device first (as the pages do with ensureDraft). */
  report?: Report
  /** Runs the outbox against the fake backend (default true). */
  sync?: boolean
}

/** A fresh fake backend (busy-agent), the demo agent signed in, an empty device. */
export async function prepareDevice() {
  await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
  setRuntimeConfig({ basename: '', apiBaseUrl: API, preview: false })
  resetApiClient()
  localStorage.clear()
  saveSession({ ...demoSession(), expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
  await freshDevice()
}

export async function renderMedia(ui: ReactNode, options: RenderMediaOptions = {}) {
  if (options.report) await ensureDraft(options.report)
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(
    [
      {
        path: '/visit',
        // The message line a screen's Page would hold.
        element: (
          <>
            <SnackbarOutlet />
            {ui}
          </>
        ),
      },
      { path: '*', element: <p>Outra página</p> },
    ],
    { initialEntries: ['/visit'] },
  )
  const user = userEvent.setup()
  const content = <RouterProvider router={router} />
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        {options.sync === false ? content : <VisitSyncProvider>{content}</VisitSyncProvider>}
      </SnackbarProvider>
    </QueryClientProvider>,
  )
  return { ...utils, user, router, queryClient, backend: fakeBackend }
}

/** The device's copy of things, for assertions. */
export async function deviceDb() {
  return agentVisitDb()
}

/** A JPEG-typed file with `bytes` bytes (its pixels never matter: compression is mocked in jsdom). */
export function photoFile(name = 'IMG_0001.jpg', bytes = 2048, type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type, lastModified: Date.now() - 60_000 })
}

// ------------------------------------------------------------------ camera and microphone stand-ins

export type FakeTrack = { stop: ReturnType<typeof vi.fn>; kind: string }

export function fakeStream(kind: 'video' | 'audio' = 'video') {
  const track: FakeTrack = { stop: vi.fn(), kind }
  return {
    stream: {
      getTracks: () => [track],
      getVideoTracks: () => [track],
      getAudioTracks: () => [track],
    } as unknown as MediaStream,
    track,
  }
}

/** navigator.mediaDevices.getUserMedia answering with `answer` (a stream or an error name). */
export function fakeMediaDevices(answer: MediaStream | string | (() => Promise<MediaStream>)) {
  const getUserMedia = vi.fn(async () => {
    if (typeof answer === 'string') throw new DOMException('refused', answer)
    if (typeof answer === 'function') return answer()
    return answer
  })
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  return getUserMedia
}

export function removeMediaDevices() {
  Reflect.deleteProperty(navigator, 'mediaDevices')
}
