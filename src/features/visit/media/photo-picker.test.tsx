/**
 * Taking a photo during a visit, end to end on the device: the picker compresses it (the
 * compressor is a stand-in here: jsdom has no canvas; real pixels are e2e), keeps only the
 * compressed JPEG, lists it in the report, and the evidence list follows its upload —
 * waiting while offline, sent once the connection returns, failed with a retry.
 */
import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API, failApi, fakeBackend, fakeServer } from '@/test/render-route'
import * as compressImageModule from '@/lib/device-media/compress-image'
import { draftFromReport } from '@/lib/visit-store/db'
import { EvidenceList, evidenceItems } from './evidence-list'
import { ensureDraft as ensureDeviceDraft } from '@/lib/visit-store/store'
import { DATABASES } from '@/lib/storage-keys'
import {
  demoSession,
  deviceDb,
  installNodeBlobs,
  photoFile,
  prepareDevice,
  removeMediaDevices,
  renderMedia,
  seededTask,
} from '@/test/media-kit'
import { PhotoPicker } from './photo-picker'

vi.mock('@/lib/device-media/compress-image', async (importOriginal) => ({
  ...(await importOriginal<CompressImageModule>()),
  compressImage: vi.fn(),
}))

installNodeBlobs()

type CompressImageModule = typeof compressImageModule
type CompressedImage = compressImageModule.CompressedImage
const { compressImage, ImageRejectedError } = compressImageModule

const COMPRESSED_BYTES = 300

function compressed(): CompressedImage {
  return {
    blob: new Blob([new Uint8Array(COMPRESSED_BYTES)], { type: 'image/jpeg' }),
    width: 1440,
    height: 1920,
    bytes: COMPRESSED_BYTES,
    mimeType: 'image/jpeg',
    encodes: 2,
    quality: 0.68,
    via: 'worker',
  }
}

beforeEach(async () => {
  vi.mocked(compressImage).mockReset()
  vi.mocked(compressImage).mockImplementation(async () => compressed())
  removeMediaDevices()
  await prepareDevice()
})

afterEach(() => {
  fakeServer.resetHandlers()
})

const goOffline = () => fakeServer.use(http.all(`${API}/*`, () => HttpResponse.error()))
const goOnline = () =>
  act(async () => {
    fakeServer.resetHandlers()
    window.dispatchEvent(new Event('online'))
  })

async function renderVisit() {
  const { task, report } = seededTask('visited')
  const utils = await renderMedia(
    <>
      <PhotoPicker reportId={report.id} taskId={task.id} multiple />
      <EvidenceList reportId={report.id} taskId={task.id} kinds={['photo']} />
    </>,
    { report },
  )
  return { ...utils, task, report }
}

async function addFromGallery(
  user: Awaited<ReturnType<typeof renderVisit>>['user'],
  ...files: File[]
) {
  await user.click(screen.getByRole('button', { name: 'Adicionar foto' }))
  const sheet = await screen.findByRole('dialog', { name: 'Adicionar foto' })
  // No camera API in jsdom: the sheet says so and offers the gallery.
  expect(within(sheet).getByRole('alert')).toHaveTextContent(
    'Este navegador não permite usar a câmera aqui.',
  )
  await user.upload(within(sheet).getByLabelText('Foto da galeria'), files)
}

async function photoRows() {
  const list = await screen.findByRole('list', { name: 'Fotos e arquivos do relatório' })
  return within(list).getAllByRole('listitem')
}

/**
 * Adds a photo from the gallery and returns the rows once the list shows it (compression
 * and the device write are asynchronous: the last row *before* it appears is another photo).
 */
async function addAndFindRow(user: Awaited<ReturnType<typeof renderVisit>>['user'], file: File) {
  const before = (await photoRows()).length
  await addFromGallery(user, file)
  const rows = await waitFor(async () => {
    const now = await photoRows()
    expect(now).toHaveLength(before + 1)
    return now
  })
  return { rows, row: rows.at(-1)! }
}

describe('PhotoPicker + EvidenceList', () => {
  it('keeps the compressed photo (the original only while it is prepared), shows it waiting while offline, then sent', async () => {
    const { user, report, task } = await renderVisit()
    const before = (await deviceDb().then((db) => db.get('drafts', report.id)))!.evidenceRefs.length
    goOffline()
    const original = photoFile('IMG_0042.HEIC.jpg', 5_000_000)
    await addFromGallery(user, original)

    await waitFor(() => expect(compressImage).toHaveBeenCalledWith(original))
    expect(await screen.findByText('Foto guardada no aparelho.')).toBeInTheDocument()
    const db = await deviceDb()
    const media = await db.getAllFromIndex('media', 'byTask', task.id)
    expect(media).toHaveLength(1)
    expect(media[0]).toMatchObject({
      kind: 'photo',
      bytes: COMPRESSED_BYTES,
      width: 1440,
      height: 1920,
      mimeType: 'image/jpeg',
      fileName: 'IMG_0042.HEIC.jpg',
    })
    const bytes = await db.get('mediaBytes', media[0]!.id)
    expect((bytes!.data as ArrayBuffer).byteLength).toBe(COMPRESSED_BYTES)
    expect(await db.getAll('chosen'), 'the chosen original, gone with the keep').toEqual([])
    const draft = (await db.get('drafts', report.id))!
    expect(draft.evidenceRefs).toHaveLength(before + 1)
    expect(draft.evidenceRefs.at(-1)).toEqual({ mediaId: media[0]!.id })

    // The list shows it once it has read the device again.
    const rows = await waitFor(async () => {
      const now = await photoRows()
      expect(within(now.at(-1)!).getByText('Aguardando conexão')).toBeInTheDocument()
      return now
    })
    const row = rows.at(-1)!
    // Its thumbnail: an empty box of the same size while the bytes are read from the device,
    // then the photo itself.
    await waitFor(() =>
      expect(within(row).getByRole('img', { name: `Foto ${rows.length}` })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    )

    await goOnline()
    expect(await within(row).findByText('Enviada', {}, { timeout: 4000 })).toBeInTheDocument()
    const server = fakeBackend.db.reports.findFirst((q) => q.where({ id: report.id }))!
    const uploaded = server.evidences.at(-1)!
    expect(uploaded).toMatchObject({
      kind: 'photo',
      bytes: COMPRESSED_BYTES,
      width: 1440,
      height: 1920,
    })
    await waitFor(async () =>
      expect((await db.get('drafts', report.id))!.evidenceRefs.at(-1)).toEqual({
        mediaId: media[0]!.id,
        evidenceId: uploaded.id,
      }),
    )
  })

  it('a file the server will never take shows "Falhou" with its reason and the fix — remove it — and no retry', async () => {
    const { user, task } = await renderVisit()
    failApi('post', '/media', 413, {
      type: 'about:blank',
      title: 'Arquivo grande',
      status: 413,
      code: 'file_too_large',
      detail: 'A foto deve ter no máximo 0,4 MB.',
    })
    const { rows, row } = await addAndFindRow(user, photoFile())
    const name = `Foto ${rows.length}`
    expect(
      await within(row).findByText('Falhou — A foto deve ter no máximo 0,4 MB.'),
    ).toBeInTheDocument()
    expect(
      within(row).getByText(
        'Enviar de novo teria a mesma resposta: remova do relatório e, se precisar, faça outra.',
      ),
    ).toBeInTheDocument()
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Remover ${name}`])
    await user.click(within(row).getByRole('button', { name: `Remover ${name}` }))
    await user.click(within(row).getByRole('button', { name: 'Sim, remover' }))
    await waitFor(async () =>
      expect(await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)).toEqual([]),
    )
    expect((await (await deviceDb()).getAll('outbox')).filter((i) => i.kind === 'upload')).toEqual(
      [],
    )
  })

  it('an upload refused for what a retry changes (its key) shows "Falhou" with its reason, and "Tentar de novo" sends it', async () => {
    const { user, report } = await renderVisit()
    failApi('post', '/media', 422, {
      type: 'about:blank',
      title: 'Chave de envio já usada',
      status: 422,
      code: 'idempotency_key_reused',
      detail: 'Este envio não pôde ser repetido. Tente de novo.',
    })
    const { row } = await addAndFindRow(user, photoFile())
    expect(
      await within(row).findByText('Falhou — Este envio não pôde ser repetido. Tente de novo.'),
    ).toBeInTheDocument()

    fakeServer.resetHandlers()
    await user.click(within(row).getByRole('button', { name: /^Tentar enviar de novo Foto \d+$/ }))
    expect(await within(row).findByText('Enviada', {}, { timeout: 4000 })).toBeInTheDocument()
    const server = fakeBackend.db.reports.findFirst((q) => q.where({ id: report.id }))!
    expect(server.evidences.at(-1)!.bytes).toBe(COMPRESSED_BYTES)
    // "Enviada" is written inside the send; the outbox item is removed just after it.
    await vi.waitFor(
      async () => {
        const outbox = await (await deviceDb()).getAll('outbox')
        expect(outbox.filter((i) => i.kind === 'upload')).toEqual([])
      },
      { timeout: 5000 },
    )
  })

  describe('a photo is kept from the moment it is chosen', () => {
    /** "10:42": a time as the phone's clock shows it. */
    const atPhoneClock = (iso: string) =>
      new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' })

    /** What a page killed during "Preparando a foto…" leaves on the device. */
    async function leftByAKilledPage(
      task: { id: string },
      report: { id: string },
      { original }: { original: boolean },
    ) {
      const db = await deviceDb()
      const id = 'chosen-1'
      await db.put('chosen', {
        id,
        taskId: task.id,
        reportId: report.id,
        slot: 'evidences',
        kind: 'photo',
        listInReport: true,
        fileName: 'IMG_0042.jpg',
        size: 9_800_000,
        type: 'image/jpeg',
        lastModified: Date.parse('2026-03-02T13:40:00.000Z'),
        chosenAt: '2026-03-02T13:42:00.000Z',
        bytesKept: original,
      })
      if (original)
        await db.put('mediaBytes', {
          id,
          data: new Uint8Array(9_800).buffer,
          type: 'image/jpeg',
        })
      return id
    }

    it('the original is on the device while the photo is prepared, and leaves with the keep', async () => {
      let finish!: (value: CompressedImage) => void
      vi.mocked(compressImage).mockImplementationOnce(
        () => new Promise<CompressedImage>((resolve) => (finish = resolve)),
      )
      const { user, task } = await renderVisit()
      await addFromGallery(user, photoFile('IMG_0042.jpg', 9_800))
      expect(await screen.findByText('Preparando a foto…')).toBeInTheDocument()
      const db = await deviceDb()
      const [chosen] = await waitFor(async () => {
        const all = await db.getAll('chosen')
        expect(all).toHaveLength(1)
        return all
      })
      expect(chosen).toMatchObject({ taskId: task.id, fileName: 'IMG_0042.jpg', bytesKept: true })
      expect(((await db.get('mediaBytes', chosen!.id))!.data as ArrayBuffer).byteLength).toBe(9_800)
      finish(compressed())
      expect(await screen.findByText('Foto guardada no aparelho.')).toBeInTheDocument()
      expect(await db.getAll('chosen')).toEqual([])
      const [media] = await db.getAllFromIndex('media', 'byTask', task.id)
      expect(media!.id, 'the photo takes the chosen id').toBe(chosen!.id)
      expect(((await db.get('mediaBytes', media!.id))!.data as ArrayBuffer).byteLength).toBe(
        COMPRESSED_BYTES,
      )
    })

    it('cut short by a killed page: the kept original is prepared when the picker opens again, once', async () => {
      const { task, report } = seededTask('visited')
      await ensureDeviceDraft(report)
      const id = await leftByAKilledPage(task, report, { original: true })
      await renderVisit()
      expect(await screen.findByText('Foto guardada no aparelho.')).toBeInTheDocument()
      expect(compressImage).toHaveBeenCalledTimes(1)
      const db = await deviceDb()
      expect(await db.getAll('chosen')).toEqual([])
      const media = await db.getAllFromIndex('media', 'byTask', task.id)
      expect(media.map((m) => [m.id, m.fileName, m.takenAt])).toEqual([
        [id, 'IMG_0042.jpg', '2026-03-02T13:40:00.000Z'],
      ])
      const draft = (await db.get('drafts', report.id))!
      expect(draft.evidenceRefs.filter((r) => r.mediaId === id)).toHaveLength(1)
      expect((await db.getAll('outbox')).filter((i) => i.kind === 'upload')).toHaveLength(1)
      expect(await photoRows()).not.toHaveLength(0)
    })

    it('cut short when its original did not fit: the picker names it to take again', async () => {
      const { task, report } = seededTask('visited')
      await ensureDeviceDraft(report)
      await leftByAKilledPage(task, report, { original: false })
      const { user } = await renderVisit()
      const notice = await screen.findByText(
        `A foto “IMG_0042.jpg”, escolhida às ${atPhoneClock('2026-03-02T13:42:00.000Z')}, não terminou de ser preparada antes de o app fechar, e o aparelho não tinha espaço para guardar o original. Tire ou escolha essa foto de novo.`,
      )
      expect(screen.getByText('Tire a foto de novo')).toBeInTheDocument()
      expect(compressImage).not.toHaveBeenCalled()
      await user.click(screen.getByRole('button', { name: 'Entendi' }))
      await waitFor(() => expect(notice).not.toBeInTheDocument())
      expect(await (await deviceDb()).getAll('chosen')).toEqual([])
    })

    it('a photo another tab is still preparing is not named to take again', async () => {
      const { task, report } = seededTask('visited')
      await ensureDeviceDraft(report)
      const id = await leftByAKilledPage(task, report, { original: false })
      // The other tab holds the photo's lock while it prepares it.
      const held = `${DATABASES.visit(demoSession().agentId)}:chosen:${id}`
      vi.stubGlobal('navigator', {
        ...navigator,
        locks: {
          query: async () => ({ held: [{ name: held, mode: 'exclusive' }], pending: [] }),
          request: async () => undefined,
        },
      })
      await renderVisit()
      await photoRows().catch(() => [])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(screen.queryByText('Tire a foto de novo')).not.toBeInTheDocument()
      expect(await (await deviceDb()).getAll('chosen')).toHaveLength(1)
    })

    it('a phone too full for the original: said while it is prepared, and the prepared photo still kept', async () => {
      // 9 MiB free: not the 9.8 MB original with the 8 MiB margin (9 MB short), but the
      // 300-byte photo.
      vi.stubGlobal('navigator', {
        ...navigator,
        storage: { estimate: async () => ({ quota: 20 * 2 ** 20, usage: 11 * 2 ** 20 }) },
      })
      let finish!: (value: CompressedImage) => void
      vi.mocked(compressImage).mockImplementationOnce(
        () => new Promise<CompressedImage>((resolve) => (finish = resolve)),
      )
      const { user, task } = await renderVisit()
      await addFromGallery(user, photoFile('IMG_0042.jpg', 9_800_000))
      expect(await screen.findByText('Sem espaço para a foto original')).toBeInTheDocument()
      expect(
        screen.getByText(
          'Não há espaço para guardar a foto original enquanto ela é preparada: não feche o app até a foto aparecer na lista. Libere 9 MB (fotos, vídeos ou apps que você não usa).',
        ),
      ).toBeInTheDocument()
      const db = await deviceDb()
      const [chosen] = await db.getAll('chosen')
      expect(chosen, 'its name kept, to ask for it again').toMatchObject({ bytesKept: false })
      expect(await db.get('mediaBytes', chosen!.id)).toBeUndefined()
      finish(compressed())
      expect(await screen.findByText('Foto guardada no aparelho.')).toBeInTheDocument()
      expect(screen.queryByText('Sem espaço para a foto original')).not.toBeInTheDocument()
      expect(await db.getAllFromIndex('media', 'byTask', task.id)).toHaveLength(1)
      expect(await db.getAll('chosen')).toEqual([])
    })
  })

  it('a picture that cannot be used: its pt-BR reason by the button, nothing kept', async () => {
    vi.mocked(compressImage).mockRejectedValueOnce(new ImageRejectedError('undecodable'))
    const { user, report, task } = await renderVisit()
    const before = (await deviceDb().then((db) => db.get('drafts', report.id)))!
    await addFromGallery(user, photoFile('quebrada.jpg'))
    expect(
      await screen.findByText('Não foi possível abrir esta imagem. Tire outra foto.'),
    ).toBeInTheDocument()
    const db = await deviceDb()
    expect(await db.getAllFromIndex('media', 'byTask', task.id)).toEqual([])
    expect((await db.get('drafts', report.id))!.evidenceRefs).toEqual(before.evidenceRefs)
    expect(await db.getAll('outbox')).toEqual([])
    expect(await db.getAll('chosen'), 'nothing left to finish').toEqual([])
  })

  it('several photos from the gallery: each kept, the unusable one named', async () => {
    vi.mocked(compressImage)
      .mockImplementationOnce(async () => compressed())
      .mockRejectedValueOnce(
        new ImageRejectedError(
          'not-an-image',
          'O arquivo não é uma imagem. Escolha uma foto JPG, PNG ou WebP.',
        ),
      )
      .mockImplementationOnce(async () => compressed())
    const { user, task } = await renderVisit()
    goOffline()
    await addFromGallery(user, photoFile('a.jpg'), photoFile('b.jpg'), photoFile('c.jpg'))
    expect(
      await screen.findByText(
        'b.jpg: O arquivo não é uma imagem. Escolha uma foto JPG, PNG ou WebP.',
      ),
    ).toBeInTheDocument()
    expect(await screen.findByText('2 fotos guardadas no aparelho.')).toBeInTheDocument()
    expect(await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)).toHaveLength(2)
  })

  it('removes a photo from the report after confirming', async () => {
    const { user, report, task } = await renderVisit()
    goOffline()
    const { rows, row } = await addAndFindRow(user, photoFile())
    const name = `Foto ${rows.length}`
    await user.click(within(row).getByRole('button', { name: `Remover ${name}` }))
    const confirm = within(row).getByRole('group', { name: 'Remover do relatório?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    expect(within(row).queryByRole('group')).not.toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: `Remover ${name}` }))
    await user.click(within(row).getByRole('button', { name: 'Sim, remover' }))
    await waitFor(async () =>
      expect(await (await deviceDb()).getAllFromIndex('media', 'byTask', task.id)).toEqual([]),
    )
    expect(await screen.findByText('Removida do relatório.')).toBeInTheDocument()
    const draft = (await (await deviceDb()).get('drafts', report.id))!
    expect(draft.evidenceRefs.every((r) => r.mediaId === undefined)).toBe(true)
    await waitFor(() => expect(screen.queryAllByRole('img', { name })).toHaveLength(0))
  })

  it('shows the upload progress while sending', async () => {
    const { task, report } = seededTask('visited')
    await renderMedia(<EvidenceList reportId={report.id} taskId={task.id} />, {
      report,
      sync: false,
    })
    const db = await deviceDb()
    await act(async () => {
      const { addMedia } = await import('@/lib/visit-store/store')
      const media = await addMedia(report.id, {
        taskId: task.id,
        kind: 'photo',
        blob: new Blob([new Uint8Array(10)], { type: 'image/jpeg' }),
        fileName: 'f.jpg',
        mimeType: 'image/jpeg',
        takenAt: new Date().toISOString(),
      })
      await db.put('media', { ...media, state: 'sending', progress: 0.4 })
      ;(await import('@/lib/visit-store/store')).notifyVisitStoreReaders()
    })
    expect(await screen.findByText('Enviando… 40%')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Progresso do envio' })).toHaveAttribute(
      'value',
      '0.4',
    )
  })

  it("read-only: the submitted report's evidences from the server, without upload states or removal", async () => {
    const { task, report } = seededTask(
      'validating',
      (t) =>
        fakeBackend.db.reports.findFirst((q) => q.where({ id: t.reportId }))!.evidences.length > 0,
    )
    await renderMedia(<EvidenceList reportId={report.id} taskId={task.id} readOnly />, {
      sync: false,
    })
    const rows = await photoRows()
    expect(rows).toHaveLength(report.evidences.length)
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/Aguardando|Enviando|Enviada/)).not.toBeInTheDocument()
    const first = report.evidences[0]!
    const label =
      first.kind === 'audio' ? 'Áudio 1' : first.kind === 'receipt' ? 'Cupom fiscal 1' : 'Foto 1'
    if (first.kind !== 'audio')
      await waitFor(() =>
        expect(
          within(rows[0]!).getByRole('img', { name: new RegExp(`^${label}`) }),
        ).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
      )
  })

  it('an empty list says so', async () => {
    const { task, report } = seededTask('started', (t) => !t.steps.checkin)
    await renderMedia(
      <EvidenceList
        reportId={report.id}
        taskId={task.id}
        kinds={['audio']}
        emptyText="Nenhum áudio ainda"
      />,
      { report, sync: false },
    )
    expect(await screen.findByText('Nenhum áudio ainda')).toBeInTheDocument()
  })
})

describe('evidenceItems', () => {
  const base = {
    reportId: 'r',
    taskId: 't',
    baseVersion: 1,
    answers: [],
    attendants: [],
    times: [],
    checklist: [],
    taxReceipts: [],
    testimony: '',
    notes: '',
    dirty: false,
    updatedAt: '',
  }
  const local = {
    id: 'm1',
    taskId: 't',
    kind: 'photo' as const,
    blob: new Blob(),
    fileName: 'a.jpg',
    mimeType: 'image/jpeg',
    bytes: 1,
    takenAt: '',
    state: 'sent' as const,
    progress: 1,
    evidenceId: 'e1',
  }

  it('keeps the report order and joins local media with server metadata', () => {
    const items = evidenceItems(
      { ...base, evidenceRefs: [{ evidenceId: 'e0' }, { mediaId: 'm1', evidenceId: 'e1' }] },
      [local],
      [
        { id: 'e0', kind: 'receipt', url: '', bytes: 1, takenAt: '' },
        { id: 'e1', kind: 'photo', url: '', bytes: 1, takenAt: '' },
      ],
    )
    expect(items.map((i) => [i.key, i.kind, Boolean(i.local), i.server?.id])).toEqual([
      ['e0', 'receipt', false, 'e0'],
      ['m1', 'photo', true, 'e1'],
    ])
  })

  it('knows a server evidence by the kind the draft kept, before the report is read again', () => {
    const report = {
      ...fakeBackend.db.reports.findFirst((q) => q.where({ id: seededTask('visited').report.id }))!,
      evidences: [
        { id: 'e0', kind: 'receipt' as const, url: '', bytes: 1, takenAt: '' },
        { id: 'e1', kind: 'photo' as const, url: '', bytes: 1, takenAt: '' },
      ],
    }
    // The report query has not answered yet (a slow network): no server evidences to join.
    const items = evidenceItems(draftFromReport(report), [], undefined)
    expect(items.map((i) => [i.key, i.kind])).toEqual([
      ['e0', 'receipt'],
      ['e1', 'photo'],
    ])
  })

  it('marks a photo used by a photo answer or a tax receipt, so it is not removed from here', () => {
    const byAnswer = evidenceItems(
      {
        ...base,
        evidenceRefs: [{ mediaId: 'm1' }],
        answers: [{ questionId: 'q', value: 'local:m1', answeredAt: '' }],
      },
      [local],
      [],
    )
    expect(byAnswer[0]!.usedBy).toBe('answer')
    const byUploadedAnswer = evidenceItems(
      {
        ...base,
        evidenceRefs: [{ mediaId: 'm1', evidenceId: 'e1' }],
        answers: [{ questionId: 'q', value: 'e1', answeredAt: '' }],
      },
      [local],
      [],
    )
    expect(byUploadedAnswer[0]!.usedBy).toBe('answer')
    const byReceipt = evidenceItems(
      {
        ...base,
        evidenceRefs: [{ mediaId: 'm1' }],
        taxReceipts: [
          {
            id: 'x',
            evidenceId: '',
            mediaId: 'm1',
            cnpj: '11222333000181',
            number: '1',
            amountCents: 1,
            issuedAt: '2024-01-01',
          },
        ],
      },
      [local],
      [],
    )
    expect(byReceipt[0]!.usedBy).toBe('receipt')
  })
})
