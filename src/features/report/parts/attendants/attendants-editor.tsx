/**
 * The attendants part: the staff met during the visit. Names follow the domain rule (two
 * words at most, letters only, no role or generic word); traits come from the catalogue. Each
 * change is saved in the device's draft at once; a half-typed entry survives a reload.
 */
import { useRef, useState, type FormEvent } from 'react'
import type { Attendant } from '@/api/entities'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import { Chip, Chips, EmptyState } from '@/components/status'
import { TextField } from '@/components/text-field'
import { attendantNameSchema, newAttendantCode } from '@/domain/attendant-name'
import { ATTENDANT_TRAITS, toggleTrait } from '@/domain/attendant-traits'
import { usePersistentState } from '@/lib/persistent-input'
import { storageKey } from '@/lib/storage-keys'
import { updateDraft } from '@/lib/visit-store/store'
import type { PartVisit } from '../part'
import { attendantsCopy as copy } from './attendants-copy'
import styles from '../part.module.css'

/**
 * The one editor of the attendants, on the check-in's page and in the report: a half-typed
 * entry (name, traits, which one is being edited) is kept on the device until saved, so a
 * reload, a closed app or a switch between the two screens loses nothing.
 */
export function AttendantsEditor({ visit }: { visit: PartVisit }) {
  const { draft } = visit
  const taskId = visit.task.id
  const minAttendants = visit.mission.requirements.minAttendants
  const snackbar = useSnackbar()
  const nameRef = useRef<HTMLInputElement>(null)
  const [name, setName, clearName] = usePersistentState(
    storageKey.visitInput(`${taskId}.attendant.name`),
    '',
  )
  const [traits, setTraits, clearTraits] = usePersistentState<string[]>(
    storageKey.visitInput(`${taskId}.attendant.traits`),
    [],
  )
  const [editingCode, setEditingCode, clearEditing] = usePersistentState<string | null>(
    storageKey.visitInput(`${taskId}.attendant.editing`),
    null,
  )
  const [error, setError] = useState<string>()
  const [saveFailed, setSaveFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<Attendant | null>(null)
  const editing = editingCode ? draft.attendants.find((a) => a.code === editingCode) : undefined

  function resetForm() {
    clearName()
    clearTraits()
    clearEditing()
    setError(undefined)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = attendantNameSchema.safeParse(name)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      nameRef.current?.focus()
      return
    }
    const cleanName = parsed.data
    setError(undefined)
    setSaveFailed(false)
    setBusy(true)
    try {
      if (editing) {
        const code = editing.code
        await updateDraft(draft.reportId, (d) => ({
          ...d,
          attendants: d.attendants.map((a) =>
            a.code === code ? { ...a, name: cleanName, traits } : a,
          ),
        }))
        snackbar(copy.attendantUpdated(cleanName))
      } else {
        const attendant: Attendant = { code: newAttendantCode(), name: cleanName, traits }
        await updateDraft(draft.reportId, (d) => ({
          ...d,
          attendants: [...d.attendants, attendant],
        }))
        snackbar(copy.attendantAdded(cleanName))
      }
      resetForm()
    } catch {
      setSaveFailed(true)
    } finally {
      setBusy(false)
    }
  }

  function startEdit(attendant: Attendant) {
    setName(attendant.name)
    setTraits(attendant.traits)
    setEditingCode(attendant.code)
    setError(undefined)
    nameRef.current?.focus()
  }

  async function confirmRemove() {
    const attendant = removing
    if (!attendant) return
    setRemoving(null)
    try {
      await updateDraft(draft.reportId, (d) => ({
        ...d,
        attendants: d.attendants.filter((a) => a.code !== attendant.code),
      }))
      if (editingCode === attendant.code) resetForm()
      snackbar(copy.attendantRemoved(attendant.name))
    } catch {
      setSaveFailed(true)
    }
  }

  return (
    <div className={styles.part}>
      {minAttendants > 0 && <p className={styles.muted}>{copy.attendantsNeeded(minAttendants)}</p>}
      <form
        className={styles.card}
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby="attendant-form-title"
      >
        <h2 id="attendant-form-title" className={styles.cardTitle}>
          {editing ? copy.editingTitle(editing.name) : copy.newAttendantTitle}
        </h2>
        <TextField
          ref={nameRef}
          label={copy.attendantName}
          hint={copy.attendantNameHint}
          error={error}
          value={name}
          autoComplete="off"
          autoCapitalize="words"
          onChange={(e) => {
            setName(e.target.value)
            // The message was about the name as it was: typing another takes it away.
            if (error) setError(undefined)
          }}
        />
        <p className={styles.traitsLabel} aria-hidden="true">
          {copy.traits}
        </p>
        <Chips label={copy.traits}>
          {ATTENDANT_TRAITS.map((trait) => (
            <Chip
              key={trait}
              pressed={traits.includes(trait)}
              onToggle={() => setTraits(toggleTrait(traits, trait))}
            >
              {trait}
            </Chip>
          ))}
        </Chips>
        <div className={styles.itemActions}>
          <Button type="submit" busy={busy}>
            {editing ? copy.saveAttendant : copy.addAttendant}
          </Button>
          {editing && (
            <Button variant="ghost" onClick={resetForm}>
              {copy.cancelEdit}
            </Button>
          )}
        </div>
        {saveFailed && <Notice tone="error">{copy.saveFailed}</Notice>}
      </form>

      {draft.attendants.length === 0 ? (
        <EmptyState title={copy.attendantsEmpty} />
      ) : (
        <ul className={styles.itemList} aria-label={copy.attendantsListLabel}>
          {draft.attendants.map((attendant) => (
            <li key={attendant.code} className={styles.card}>
              <div>
                <strong>{attendant.name}</strong>
                <p className={styles.muted}>
                  {attendant.traits.length > 0 ? attendant.traits.join(', ') : copy.noTraits}
                </p>
              </div>
              <div className={styles.itemActions}>
                <Button variant="secondary" onClick={() => startEdit(attendant)}>
                  {copy.edit}
                  <span className="visually-hidden"> {attendant.name}</span>
                </Button>
                <Button variant="ghost" onClick={() => setRemoving(attendant)}>
                  {copy.remove}
                  <span className="visually-hidden"> {attendant.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Sheet open={removing !== null} title={copy.removeTitle} onClose={() => setRemoving(null)}>
        <div className={styles.stack}>
          <p>{removing ? copy.removeBody(removing.name) : ''}</p>
          <Button block variant="danger" onClick={() => void confirmRemove()}>
            {copy.confirmRemove}
          </Button>
          <Button block variant="secondary" onClick={() => setRemoving(null)}>
            {copy.keep}
          </Button>
        </div>
      </Sheet>
    </div>
  )
}
