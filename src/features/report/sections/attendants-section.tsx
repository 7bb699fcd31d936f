/**
 * The attendants of the visit: named as on their badge (the domain's name rule), with traits
 * from the catalogue. Saved in the device's draft at once.
 */
import { useState, type FormEvent } from 'react'
import type { Attendant } from '@/api/entities'
import { Button } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { useSnackbar } from '@/components/snackbar'
import { Chip, Chips, EmptyState } from '@/components/status'
import { TextField } from '@/components/text-field'
import { attendantNameSchema, newAttendantCode } from '@/domain/attendant-name'
import { ATTENDANT_TRAITS, toggleTrait } from '@/domain/attendant-traits'
import { updateDraft } from '@/lib/visit-store/store'
import { reportCopy as copy } from '@/features/report/report-copy'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import styles from '@/features/report/report.module.css'
import { CloseIcon } from '@/components/icons'
import { partTitle } from '@/features/report/parts/parts'

export function AttendantsList({
  attendants,
  onRemove,
}: {
  attendants: readonly Attendant[]
  onRemove?: (a: Attendant) => void
}) {
  if (attendants.length === 0)
    return (
      <EmptyState title={copy.attendantsEmpty}>
        <p>{copy.attendantsEmptyBody}</p>
      </EmptyState>
    )
  return (
    <List label={partTitle('attendants')}>
      {attendants.map((a) => (
        <ListItem
          key={a.code}
          title={a.name}
          subtitle={a.traits.join(', ') || undefined}
          trailing={
            onRemove ? (
              <Button
                variant="ghost"
                aria-label={copy.removeAttendant(a.name)}
                onClick={() => onRemove(a)}
              >
                <CloseIcon aria-hidden="true" />
              </Button>
            ) : undefined
          }
        />
      ))}
    </List>
  )
}

export function AttendantsSection({ data }: { data: VisitReport }) {
  const { draft, mission } = data
  const snackbar = useSnackbar()
  const [name, setName] = useState('')
  const [traits, setTraits] = useState<string[]>([])
  const [error, setError] = useState<string>()

  async function add(event: FormEvent) {
    event.preventDefault()
    const parsed = attendantNameSchema.safeParse(name)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    const attendant: Attendant = {
      code: newAttendantCode(),
      name: parsed.data,
      traits,
    }
    await updateDraft(draft.reportId, (d) => ({ ...d, attendants: [...d.attendants, attendant] }))
    setName('')
    setTraits([])
    snackbar(copy.attendantAdded(attendant.name))
  }

  async function remove(attendant: Attendant) {
    await updateDraft(draft.reportId, (d) => ({
      ...d,
      attendants: d.attendants.filter((a) => a.code !== attendant.code),
    }))
    snackbar(copy.attendantRemoved(attendant.name))
  }

  return (
    <div className={styles.stack}>
      {mission.requirements.minAttendants > 0 && (
        <p className={styles.muted}>{copy.minAttendants(mission.requirements.minAttendants)}</p>
      )}
      <AttendantsList attendants={draft.attendants} onRemove={(a) => void remove(a)} />
      <form className={styles.form} onSubmit={(e) => void add(e)} noValidate>
        <TextField
          label={copy.attendantName}
          hint={copy.attendantNameHint}
          value={name}
          error={error}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value)
            setError(undefined)
          }}
        />
        <p className={styles.fieldLabel} aria-hidden="true">
          {copy.traits}
        </p>
        <Chips label={copy.traits}>
          {ATTENDANT_TRAITS.map((trait) => (
            <Chip
              key={trait}
              pressed={traits.includes(trait)}
              onToggle={() => setTraits((t) => toggleTrait(t, trait))}
            >
              {trait}
            </Chip>
          ))}
        </Chips>
        <Button type="submit">{copy.addAttendant}</Button>
      </form>
    </div>
  )
}
