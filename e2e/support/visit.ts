/** Helpers for the visit journeys: the agent's token, server reads, pictures and pickers. */
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import type { Task } from '../../src/api/entities'
import { DATABASES } from '../../src/lib/storage-keys'

/** The bearer token of the agent signed in on `page` (the app keeps it in localStorage). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('avaliador.session') ?? '{}') as { token?: string }).token,
  )
  if (!token) throw new Error('No session on this page')
  return token
}

/** GET on the fake backend's API as the agent; fails the test on a non-2xx answer. */
export async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } })
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`)
  return (await res.json()) as T
}

/** A started task of the seed (busy-agent) the agent has not checked in to yet. */
export async function taskWithoutCheckin(request: APIRequestContext, token: string) {
  const { items } = await apiGet<{ items: Task[] }>(request, token, '/tasks/mine?status=started')
  const task = items.find((t) => !t.steps.checkin)
  if (!task) throw new Error('The seed has no started task without a check-in')
  return task
}

/** Puts the phone at the task's shop, its location allowed, with a fix of ±`accuracy` m. */
export async function placePhoneAt(context: BrowserContext, task: Task, accuracy = 20) {
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy,
  })
}

/** Puts the phone at the task's shop and checks in from its check-in screen. */
export async function checkInAtShop(page: Page, context: BrowserContext, task: Task) {
  await placePhoneAt(context, task)
  await page.goto(`/tasks/${task.slug}/checkin`)
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
}

/** POST to the fake backend's control plane (`/api/__fake/…`). */
export async function control(request: APIRequestContext, path: string, data: unknown = {}) {
  const res = await request.post(`/api/__fake/${path}`, { data })
  if (!res.ok()) throw new Error(`POST __fake/${path}: ${res.status()} ${await res.text()}`)
  return res.json() as Promise<unknown>
}

export type JpegFile = { name: string; mimeType: string; buffer: Buffer }

/**
 * Real, decodable JPEGs drawn in the browser (OffscreenCanvas), one per hue: a gradient, a
 * few shapes and some text, 800×600 — small enough to pass the compressor quickly.
 */
export async function makeJpegs(page: Page, names: readonly string[]): Promise<JpegFile[]> {
  const encoded = await page.evaluate(async (count: number) => {
    const out: string[] = []
    for (let i = 0; i < count; i++) {
      const canvas = new OffscreenCanvas(800, 600)
      const ctx = canvas.getContext('2d')!
      const gradient = ctx.createLinearGradient(0, 0, 800, 600)
      gradient.addColorStop(0, `hsl(${(i * 97) % 360} 60% 70%)`)
      gradient.addColorStop(1, `hsl(${(i * 97 + 140) % 360} 50% 40%)`)
      ctx.fillStyle = gradient
      ctx.fillRect(0, 0, 800, 600)
      for (let s = 0; s < 12; s++) {
        ctx.fillStyle = `hsl(${(s * 31 + i * 53) % 360} 55% 50%)`
        ctx.beginPath()
        ctx.arc(60 + s * 60, 150 + ((s * 71) % 300), 30 + s * 3, 0, Math.PI * 2)
        ctx.fill()
      }
      ctx.fillStyle = '#111'
      ctx.font = '40px sans-serif'
      ctx.fillText(`Evidência ${i + 1}`, 40, 560)
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })
      const bytes = new Uint8Array(await blob.arrayBuffer())
      let binary = ''
      for (let b = 0; b < bytes.length; b += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(b, b + 0x8000))
      out.push(btoa(binary))
    }
    return out
  }, names.length)
  return encoded.map((b64, i) => {
    const buffer = Buffer.from(b64, 'base64')
    // SOI marker: it is a JPEG, not a PNG fallback.
    expect(buffer.subarray(0, 2).toString('hex')).toBe('ffd8')
    return { name: names[i]!, mimeType: 'image/jpeg', buffer }
  })
}

/**
 * Photos a phone camera makes of a busy shelf: noise at 1600×1200, several hundred kB each
 * even after the app's compression (a gradient would shrink to a few kB).
 */
export async function noisyJpegs(page: Page, names: string[]): Promise<JpegFile[]> {
  const encoded = await page.evaluate(async (count: number) => {
    const out: string[] = []
    for (let i = 0; i < count; i++) {
      const canvas = new OffscreenCanvas(1600, 1200)
      const ctx = canvas.getContext('2d')!
      const image = ctx.createImageData(1600, 1200)
      for (let p = 0; p < image.data.length; p++)
        image.data[p] = p % 4 === 3 ? 255 : Math.floor(Math.random() * 256)
      ctx.putImageData(image, 0, 0)
      const bytes = new Uint8Array(
        await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })).arrayBuffer(),
      )
      let binary = ''
      for (let b = 0; b < bytes.length; b += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(b, b + 0x8000))
      out.push(btoa(binary))
    }
    return out
  }, names.length)
  return encoded.map((b64, i) => ({
    name: names[i]!,
    mimeType: 'image/jpeg',
    buffer: Buffer.from(b64, 'base64'),
  }))
}

/**
 * Opens a photo picker by its button and hands `files` to the sheet's gallery input (the
 * live camera is not used: there is none in headless Chromium).
 */
export async function pickPhotos(page: Page, opener: Locator, files: JpegFile[]) {
  await opener.click()
  const sheet = page.getByRole('dialog')
  await sheet.getByLabel('Foto da galeria').setInputFiles(files)
  await expect(sheet).toBeHidden()
}

/**
 * A record of the agent's visit database on the device (src/lib/visit-store/db.ts: `drafts` by
 * report id, `visits` by task id, …), read in `page`, or undefined. After a crash the device is
 * the source of truth of what was kept: a test learns from it which outcome happened, then
 * asserts the screen says that one.
 */
export async function deviceRecord<T>(
  page: Page,
  store: string,
  key: string,
): Promise<T | undefined> {
  return (await readDevice<T>(page, store, key))[0]
}

/** Every record of one store of the agent's visit database on the device (none: []). */
export async function deviceRecords<T>(page: Page, store: string): Promise<T[]> {
  return readDevice<T>(page, store)
}

/** The record `key` of `store` (as a list of none or one), or all of them when no key. */
function readDevice<T>(page: Page, store: string, key?: string): Promise<T[]> {
  return page.evaluate(
    async ({ prefix, store, key }) => {
      const name = (await indexedDB.databases()).find((d) => d.name?.startsWith(prefix))?.name
      if (!name) return []
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      try {
        return await new Promise<T[]>((resolve, reject) => {
          const records = db.transaction(store).objectStore(store)
          const read = key === undefined ? records.getAll() : records.get(key)
          read.onsuccess = () =>
            resolve(
              key === undefined
                ? (read.result as T[])
                : read.result === undefined
                  ? []
                  : [read.result as T],
            )
          read.onerror = () => reject(read.error)
        })
      } finally {
        db.close()
      }
    },
    { prefix: DATABASES.visit(''), store, key },
  )
}

/**
 * From the visit's pages: "Controle", "Fazer check-out", and in the sheet that lists what is
 * still missing, "Fazer check-out mesmo assim".
 */
export async function checkOutAnyway(page: Page) {
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Controle' })
    .click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
}
