import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeBackend } from '@/test/render-route'
import * as compressImageModule from '@/lib/device-media/compress-image'
import {
  deviceDb,
  installNodeBlobs,
  photoFile,
  prepareDevice,
  removeMediaDevices,
  renderMedia,
  seededTask,
} from '@/test/media-kit'
import { localIsoDate } from './tax-receipt-input'
import { TaxReceiptForm } from './tax-receipt-form'
import { dateTextOf } from '@/lib/date-text'

vi.mock('@/lib/device-media/compress-image', async (importOriginal) => ({
  ...(await importOriginal<CompressImageModule>()),
  compressImage: vi.fn(),
}))

installNodeBlobs()

type CompressImageModule = typeof compressImageModule
const { compressImage } = compressImageModule

beforeEach(async () => {
  vi.mocked(compressImage).mockReset()
  vi.mocked(compressImage).mockImplementation(async () => ({
    blob: new Blob([new Uint8Array(500)], { type: 'image/jpeg' }),
    width: 1080,
    height: 1920,
    bytes: 500,
    mimeType: 'image/jpeg',
    encodes: 1,
    quality: 0.85,
    via: 'worker',
  }))
  removeMediaDevices()
  await prepareDevice()
})

async function renderReceipts(options: { sync?: boolean } = {}) {
  const { task, report } = seededTask('visited')
  const ui = <TaxReceiptForm reportId={report.id} taskId={task.id} />
  const utils = await renderMedia(ui, { report, sync: options.sync ?? false })
  return { ...utils, task, report, ui }
}

type User = Awaited<ReturnType<typeof renderReceipts>>['user']

async function photographReceipt(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Fotografar o cupom' }))
  const sheet = await screen.findByRole('dialog', { name: 'Fotografar o cupom' })
  await user.upload(within(sheet).getByLabelText('Foto da galeria'), photoFile('cupom.jpg'))
  expect(await screen.findByText('Foto do cupom guardada.')).toBeInTheDocument()
}

const field = (name: string) => screen.getByLabelText(name, { exact: false, selector: 'input' })

async function fillReceipt(
  user: User,
  values: { cnpj?: string; number?: string; amount?: string; issuedAt?: string },
) {
  if (values.cnpj !== undefined) await user.type(field('CNPJ do estabelecimento'), values.cnpj)
  if (values.number !== undefined) await user.type(field('Número do cupom'), values.number)
  if (values.amount !== undefined) await user.type(field('Valor total (R$)'), values.amount)
  // Typed as the agent does, digits only: the field puts the slashes in.
  if (values.issuedAt !== undefined)
    await user.type(field('Data de emissão'), dateTextOf(values.issuedAt).replace(/\D/g, ''))
}

describe('TaxReceiptForm', () => {
  it('saves a receipt with its photo into the report; the sync sends both', async () => {
    const { user, report, task } = await renderReceipts({ sync: true })
    const existing = report.taxReceipts.length
    const today = localIsoDate()
    await photographReceipt(user)
    await fillReceipt(user, {
      cnpj: '11222333000181',
      number: '000123',
      amount: '45,90',
      issuedAt: today,
    })
    expect(field('CNPJ do estabelecimento')).toHaveValue('11.222.333/0001-81')
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))

    expect(await screen.findByText('Cupom salvo no relatório.')).toBeInTheDocument()
    // The list re-reads the device's copy after the save: the row follows the message.
    const list = await screen.findByRole('list', { name: 'Cupons fiscais' })
    const row = (await within(list).findByText(/^Cupom 000123 — R\$\s?45,90$/)).closest('li')!
    const [y, m, d] = today.split('-')
    expect(within(row).getByText(`CNPJ 11.222.333/0001-81 · ${d}/${m}/${y}`)).toBeInTheDocument()
    // The form is empty again, ready for another receipt.
    expect(field('CNPJ do estabelecimento')).toHaveValue('')
    expect(screen.getByRole('button', { name: 'Fotografar o cupom' })).toBeInTheDocument()

    const db = await deviceDb()
    const [photo] = await db.getAllFromIndex('media', 'byTask', task.id)
    expect(photo).toMatchObject({ kind: 'receipt', bytes: 500 })
    const draft = (await db.get('drafts', report.id))!
    expect(draft.taxReceipts).toHaveLength(existing + 1)
    expect(draft.taxReceipts.at(-1)).toMatchObject({
      cnpj: '11222333000181',
      number: '000123',
      amountCents: 4590,
      issuedAt: today,
      mediaId: photo!.id,
    })
    expect(draft.evidenceRefs.some((r) => r.mediaId === photo!.id)).toBe(true)

    await waitFor(
      () => {
        const server = fakeBackend.db.reports.findFirst((q) => q.where({ id: report.id }))!
        const saved = server.taxReceipts.find((r) => r.number === '000123')
        expect(saved).toMatchObject({ cnpj: '11222333000181', amountCents: 4590, issuedAt: today })
        expect(server.evidences.find((e) => e.id === saved!.evidenceId)?.kind).toBe('receipt')
      },
      { timeout: 4000 },
    )
    expect(await within(row).findByText('Enviada')).toBeInTheDocument()
  })

  it('says what is wrong next to each field and keeps what was typed', async () => {
    const { user, report } = await renderReceipts()
    await user.click(await screen.findByRole('button', { name: 'Salvar cupom' }))
    expect(await screen.findByText('Fotografe o cupom fiscal.')).toHaveAttribute('role', 'alert')
    expect(field('CNPJ do estabelecimento')).toHaveAccessibleDescription(
      expect.stringContaining('Informe o CNPJ do estabelecimento.'),
    )
    expect(field('Número do cupom')).toHaveAccessibleDescription('Informe o número do cupom.')
    expect(field('Valor total (R$)')).toHaveAccessibleDescription(
      expect.stringContaining('Informe o valor do cupom.'),
    )
    expect(field('Data de emissão')).toHaveAccessibleDescription(
      'A data impressa no cupom. Formato dd/mm/aaaa. Informe a data de emissão.',
    )

    await fillReceipt(user, {
      cnpj: '11222333000182',
      number: '77',
      amount: 'quarenta',
      issuedAt: '2099-01-01',
    })
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    expect(field('CNPJ do estabelecimento')).toHaveAccessibleDescription(
      expect.stringContaining('CNPJ inválido. Confira os 14 números.'),
    )
    expect(field('CNPJ do estabelecimento')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Valor total (R$)')).toHaveAccessibleDescription(
      expect.stringContaining('Valor inválido. Use reais e centavos, por exemplo 45,90.'),
    )
    expect(field('Data de emissão')).toHaveAccessibleDescription(
      expect.stringContaining('A data de emissão não pode ser no futuro.'),
    )
    expect(field('Número do cupom')).not.toHaveAttribute('aria-invalid')
    // Nothing typed was lost, nothing was saved.
    expect(field('CNPJ do estabelecimento')).toHaveValue('11.222.333/0001-82')
    expect(field('Número do cupom')).toHaveValue('77')
    expect(field('Valor total (R$)')).toHaveValue('quarenta')
    expect(field('Data de emissão')).toHaveValue('01/01/2099')
    const draft = (await (await deviceDb()).get('drafts', report.id))!
    expect(draft.taxReceipts).toEqual(report.taxReceipts)

    // Fixing a field clears its message.
    await user.clear(field('Valor total (R$)'))
    await user.type(field('Valor total (R$)'), '12')
    expect(field('Valor total (R$)')).not.toHaveAttribute('aria-invalid')
  })

  it('keeps an unsaved receipt (photo and fields) on the device across a reload', async () => {
    const { user, unmount, ui } = await renderReceipts()
    await photographReceipt(user)
    await fillReceipt(user, { cnpj: '11222333', number: '55', amount: '9,99' })
    unmount()
    await renderMedia(ui, { sync: false })
    expect(await screen.findByText('Foto do cupom guardada.')).toBeInTheDocument()
    expect(field('CNPJ do estabelecimento')).toHaveValue('11.222.333')
    expect(field('Número do cupom')).toHaveValue('55')
    expect(field('Valor total (R$)')).toHaveValue('9,99')
    expect(screen.getByRole('button', { name: 'Trocar a foto' })).toBeInTheDocument()
  })

  it('replacing the photo takes the old one out of the report', async () => {
    const { user, task, report } = await renderReceipts()
    await photographReceipt(user)
    const db = await deviceDb()
    const [first] = await db.getAllFromIndex('media', 'byTask', task.id)
    await user.click(screen.getByRole('button', { name: 'Trocar a foto' }))
    const sheet = await screen.findByRole('dialog', { name: 'Trocar a foto' })
    await user.upload(within(sheet).getByLabelText('Foto da galeria'), photoFile('cupom-2.jpg'))
    await waitFor(async () => {
      const media = await db.getAllFromIndex('media', 'byTask', task.id)
      expect(media.map((m) => m.fileName)).toEqual(['cupom-2.jpg'])
    })
    const draft = (await db.get('drafts', report.id))!
    expect(draft.evidenceRefs.some((r) => r.mediaId === first!.id)).toBe(false)
  })

  it('removes a receipt and its photo after confirming', async () => {
    const { user, task, report } = await renderReceipts()
    await photographReceipt(user)
    await fillReceipt(user, {
      cnpj: '11222333000181',
      number: '9',
      amount: '1',
      issuedAt: localIsoDate(),
    })
    await user.click(screen.getByRole('button', { name: 'Salvar cupom' }))
    await screen.findByText('Cupom salvo no relatório.')
    await user.click(await screen.findByRole('button', { name: 'Remover o cupom 9' }))
    await user.click(screen.getByRole('button', { name: 'Sim, remover' }))
    expect(await screen.findByText('Cupom removido.')).toBeInTheDocument()
    const db = await deviceDb()
    const draft = (await db.get('drafts', report.id))!
    expect(draft.taxReceipts).toEqual(report.taxReceipts)
    expect(await db.getAllFromIndex('media', 'byTask', task.id)).toEqual([])
    await waitFor(() => expect(screen.queryByText(/^Cupom 9 —/)).not.toBeInTheDocument())
  })

  it("read-only: the submitted report's receipts, no form", async () => {
    const { task, report } = seededTask(
      'validating',
      (t) =>
        fakeBackend.db.reports.findFirst((q) => q.where({ id: t.reportId }))!.taxReceipts.length >
        0,
    )
    await renderMedia(<TaxReceiptForm reportId={report.id} taskId={task.id} readOnly />, {
      sync: false,
    })
    const list = await screen.findByRole('list', { name: 'Cupons fiscais' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(report.taxReceipts.length)
    expect(screen.queryByRole('button', { name: 'Salvar cupom' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remover/ })).not.toBeInTheDocument()
  })
})
