/**
 * The report's tax receipts: the list (photo, number, amount, CNPJ, date, upload state,
 * remove) and the form to add one — a photo of the receipt (kept compressed on the device,
 * listed among the report's evidences), CNPJ with its mask and check digits, number, amount
 * in reais and the issue date (not in the future). Saved into the device's draft
 * (`taxReceipts`, pointing at the photo by its local id until uploaded; the sync sends the
 * evidence id). What the agent typed is kept on the device until saved, and on any error.
 */
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { useSnackbar } from '@/components/snackbar'
import { dateTextOf } from '@/lib/date-text'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { DateField } from '@/components/date-field'
import { TextField } from '@/components/text-field'
import { formatCnpj } from '@/domain/cnpj'
import { formatMoney } from '@/lib/format'
import { reportQueryOptions } from '@/lib/visit-store/api'
import type { LocalMedia, ReportDraft } from '@/lib/visit-store/db'
import { removeMedia, updateDraft } from '@/lib/visit-store/store'
import { useReportDraft, useTaskMedia } from '@/lib/visit-store/hooks'
import { UploadState } from '@/features/visit/media/evidence-list'
import { mediaKitCopy } from '@/features/visit/media/media-kit-copy'
import { receiptsCopy } from './receipts-copy'
import styles from '@/features/visit/media/media.module.css'
import { PhotoPicker } from '@/features/visit/media/photo-picker'
import {
  formatIsoDate,
  localIsoDate,
  parseReceiptForm,
  type ReceiptFormErrors,
  type ReceiptFormValues,
} from './tax-receipt-input'
import {
  mediaSourceOf,
  useMediaObjectUrl,
  type MediaSource,
} from '@/features/visit/media/use-media-object-url'
import { usePersistentState } from '@/lib/persistent-input'
import { storageKey } from '@/lib/storage-keys'

export type TaxReceiptFormProps = {
  reportId: string
  taskId: string
  /** The submitted report: the list only, from the server. */
  readOnly?: boolean
}

type Receipt = ReportDraft['taxReceipts'][number]

const EMPTY_FORM: ReceiptFormValues = {
  mediaId: '',
  cnpj: '',
  number: '',
  amount: '',
  issuedAt: '',
}

/** Where the unsaved form is kept (cleared on sign-out with the rest of the agent's data). */
export const receiptFormStorageKey = storageKey.receiptForm

/** A kept form as this version types it (an older version kept other shapes). */
function parseForm(stored: unknown): ReceiptFormValues {
  const kept = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<
    Record<keyof ReceiptFormValues, unknown>
  >
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return {
    mediaId: text(kept.mediaId),
    cnpj: text(kept.cnpj),
    number: text(kept.number),
    amount: text(kept.amount),
    // Kept as typed (dd/mm/aaaa); an older version kept the native field's yyyy-mm-dd.
    issuedAt: typeof kept.issuedAt === 'string' ? dateTextOf(kept.issuedAt) : '',
  }
}

function photoRef(receipt: Receipt, media: readonly LocalMedia[] | undefined) {
  const local = receipt.mediaId
    ? media?.find((m) => m.id === receipt.mediaId)
    : media?.find((m) => m.evidenceId === receipt.evidenceId)
  return {
    local,
    ref: {
      ...(receipt.mediaId ? { mediaId: receipt.mediaId } : {}),
      ...(receipt.evidenceId || local?.evidenceId
        ? { evidenceId: receipt.evidenceId || local?.evidenceId }
        : {}),
    },
  }
}

export function TaxReceiptForm({ reportId, taskId, readOnly = false }: TaxReceiptFormProps) {
  return readOnly ? (
    <ServerReceiptList reportId={reportId} taskId={taskId} />
  ) : (
    <EditableReceipts reportId={reportId} taskId={taskId} />
  )
}

function EditableReceipts({ reportId, taskId }: { reportId: string; taskId: string }) {
  const draft = useReportDraft(reportId)
  const media = useTaskMedia(taskId)
  if (!draft || !media) return <Skeleton count={2} height={96} />
  return (
    <div className={styles.picker}>
      {draft.taxReceipts.length === 0 ? (
        <EmptyState title={receiptsCopy.empty} />
      ) : (
        <ul className={styles.list} aria-label={receiptsCopy.listLabel}>
          {draft.taxReceipts.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} media={media} reportId={reportId} />
          ))}
        </ul>
      )}
      <ReceiptEditor reportId={reportId} taskId={taskId} media={media} />
    </div>
  )
}

function ServerReceiptList({ reportId, taskId }: { reportId: string; taskId: string }) {
  const report = useQuery(reportQueryOptions(reportId))
  const media = useTaskMedia(taskId)
  if (report.isPending) return <Skeleton count={2} height={96} />
  if (report.isError)
    return (
      <LoadError
        title={receiptsCopy.loadFailed}
        error={report.error}
        onRetry={() => void report.refetch()}
      />
    )
  if (report.data.taxReceipts.length === 0) return <EmptyState title={receiptsCopy.empty} />
  return (
    <ul className={styles.list} aria-label={receiptsCopy.listLabel}>
      {report.data.taxReceipts.map((receipt) => (
        <ReceiptRow key={receipt.id} receipt={receipt} media={media} />
      ))}
    </ul>
  )
}

function ReceiptThumb({ source, alt }: { source: MediaSource | undefined; alt: string }) {
  const { url, failed } = useMediaObjectUrl(source)
  return url ? (
    <img className={styles.thumb} src={url} alt={alt} width={88} height={88} />
  ) : (
    <div className={styles.thumb} role="img" aria-label={alt}>
      {failed ? mediaKitCopy.evidence.thumbnailUnavailable : ''}
    </div>
  )
}

function ReceiptRow({
  receipt,
  media,
  reportId,
}: {
  receipt: Receipt
  media: readonly LocalMedia[] | undefined
  reportId?: string
}) {
  const snackbar = useSnackbar()
  const [confirming, setConfirming] = useState(false)
  const [working, setWorking] = useState(false)
  const { local, ref } = photoRef(receipt, media)
  const source: MediaSource | undefined = mediaSourceOf(local, ref.evidenceId)
  const title = receiptsCopy.itemTitle(receipt.number, formatMoney(receipt.amountCents))

  async function remove() {
    if (!reportId) return
    setWorking(true)
    try {
      await updateDraft(reportId, (d) => ({
        ...d,
        taxReceipts: d.taxReceipts.filter((r) => r.id !== receipt.id),
      }))
      if (ref.mediaId || ref.evidenceId) await removeMedia(reportId, ref)
      snackbar(receiptsCopy.removed)
    } catch {
      snackbar(mediaKitCopy.evidence.removeFailed)
      setWorking(false)
      setConfirming(false)
    }
  }

  return (
    <li className={styles.item}>
      <ReceiptThumb source={source} alt={receiptsCopy.photoAlt(receipt.number)} />
      <div className={styles.itemBody}>
        <p className={styles.itemTitle}>{title}</p>
        <p className={styles.caption}>
          {receiptsCopy.summary(formatCnpj(receipt.cnpj), formatIsoDate(receipt.issuedAt))}
        </p>
        {reportId && <UploadState media={local} />}
        {reportId && (
          <div className={styles.itemActions}>
            {!confirming ? (
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                aria-label={receiptsCopy.removeLabel(receipt.number)}
              >
                {receiptsCopy.remove}
              </Button>
            ) : (
              <div role="group" aria-label={receiptsCopy.confirmRemove} className={styles.row}>
                <span>{receiptsCopy.confirmRemove}</span>
                <Button variant="danger" onClick={() => void remove()} busy={working}>
                  {receiptsCopy.confirmRemoveYes}
                </Button>
                <Button variant="secondary" onClick={() => setConfirming(false)} disabled={working}>
                  {receiptsCopy.confirmRemoveNo}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  )
}

function ReceiptEditor({
  reportId,
  taskId,
  media,
}: {
  reportId: string
  taskId: string
  media: readonly LocalMedia[]
}) {
  const snackbar = useSnackbar()
  const titleId = useId()
  // Kept on the device as typed (lib/persistent-input) until the receipt is saved.
  const [values, setValues, clearValues] = usePersistentState(
    receiptFormStorageKey(reportId),
    EMPTY_FORM,
    parseForm,
  )
  const [errors, setErrors] = useState<ReceiptFormErrors>({})
  const [saving, setSaving] = useState(false)
  const [saveError, setSaveError] = useState<string>()

  const photo = values.mediaId ? media.find((m) => m.id === values.mediaId) : undefined
  // The kept photo was removed elsewhere (e.g. from the evidence list): ask for a new one.
  const photoGone = Boolean(values.mediaId) && !photo

  const set = (field: keyof ReceiptFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  async function onPhotoAdded(added: LocalMedia) {
    const previous = photo
    set('mediaId')(added.id)
    // The replaced photo is not part of any receipt: take it out of the report.
    if (previous && previous.id !== added.id)
      await removeMedia(reportId, {
        mediaId: previous.id,
        ...(previous.evidenceId ? { evidenceId: previous.evidenceId } : {}),
      }).catch(() => undefined)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSaveError(undefined)
    const parsed = parseReceiptForm(photoGone ? { ...values, mediaId: '' } : values, localIsoDate())
    if (!parsed.ok) {
      setErrors(parsed.errors)
      return
    }
    setSaving(true)
    try {
      const { mediaId, ...fields } = parsed.receipt
      await updateDraft(reportId, (d) => ({
        ...d,
        taxReceipts: [
          ...d.taxReceipts,
          { id: crypto.randomUUID(), evidenceId: photo?.evidenceId ?? '', mediaId, ...fields },
        ],
      }))
      clearValues()
      setErrors({})
      snackbar(receiptsCopy.saved)
    } catch {
      setSaveError(receiptsCopy.saveFailed)
    } finally {
      setSaving(false)
    }
  }

  const photoError = errors.mediaId ?? (photoGone ? receiptsCopy.photoMissing : undefined)
  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={styles.formTitle}>
        {receiptsCopy.formTitle}
      </h2>
      <div className={styles.picker}>
        <span className={styles.itemTitle}>{receiptsCopy.photo}</span>
        {photo && (
          <div className={styles.receiptPhoto}>
            <ReceiptThumb source={{ kind: 'local', id: photo.id }} alt={receiptsCopy.photo} />
            <span>{receiptsCopy.photoReady}</span>
          </div>
        )}
        <PhotoPicker
          reportId={reportId}
          taskId={taskId}
          kind="receipt"
          listInReport
          slot={`receipt:${reportId}`}
          label={photo ? receiptsCopy.changePhoto : receiptsCopy.addReceiptPhoto}
          variant={photo ? 'secondary' : 'primary'}
          onAdded={(m) => void onPhotoAdded(m)}
        />
        {photoError && (
          <span className={styles.fieldError} role="alert">
            {photoError}
          </span>
        )}
      </div>
      <TextField
        label={receiptsCopy.cnpj}
        hint={receiptsCopy.cnpjHint}
        inputMode="numeric"
        autoComplete="off"
        value={values.cnpj}
        onChange={(e) => set('cnpj')(formatCnpj(e.target.value))}
        error={errors.cnpj}
      />
      <div className={styles.twoColumns}>
        <TextField
          label={receiptsCopy.number}
          autoComplete="off"
          maxLength={40}
          value={values.number}
          onChange={(e) => set('number')(e.target.value)}
          error={errors.number}
        />
        <TextField
          label={receiptsCopy.amount}
          hint={receiptsCopy.amountHint}
          inputMode="decimal"
          autoComplete="off"
          value={values.amount}
          onChange={(e) => set('amount')(e.target.value)}
          error={errors.amount}
        />
      </div>
      <DateField
        label={receiptsCopy.issuedAt}
        hint={receiptsCopy.issuedAtHint}
        value={values.issuedAt}
        onChange={set('issuedAt')}
        error={errors.issuedAt}
      />
      <p className={styles.hint}>{receiptsCopy.draftKept}</p>
      {saveError && (
        <p className={styles.fieldError} role="alert">
          {saveError}
        </p>
      )}
      <Button type="submit" block busy={saving}>
        {receiptsCopy.save}
      </Button>
    </form>
  )
}
