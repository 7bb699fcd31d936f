/**
 * The mission's times typed as mm:ss (5 s to 20 min, the domain's rule). A valid time is
 * kept in the draft when the field is left or the form is sent; a bad one shows its pt-BR
 * message next to the field and stays as typed.
 */
import { useState, type FormEvent } from 'react'
import type { Mission, TimeRecord } from '@/api/entities'
import { Button } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { useSnackbar } from '@/components/snackbar'
import { EmptyState } from '@/components/status'
import { DurationField } from '@/components/date-field'
import { formatMmSs, timeEntryTextSchema } from '@/domain/time-entry'
import { updateDraft } from '@/lib/visit-store/store'
import { reportCopy as copy } from '@/features/report/report-copy'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import styles from '@/features/report/report.module.css'
import { partTitle } from '@/features/report/parts/parts'

export function TimesList({ mission, times }: { mission: Mission; times: readonly TimeRecord[] }) {
  if (mission.times.length === 0) return <EmptyState title={copy.noTimes} />
  return (
    <List label={partTitle('times')}>
      {mission.times.map((t) => {
        const record = times.find((r) => r.code === t.code)
        return (
          <ListItem
            key={t.code}
            title={t.label}
            trailing={record ? formatMmSs(record.seconds) : copy.noAnswer}
          />
        )
      })}
    </List>
  )
}

export function TimesSection({ data }: { data: VisitReport }) {
  const { draft, mission } = data
  const snackbar = useSnackbar()
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      mission.times.map((t) => {
        const record = draft.times.find((r) => r.code === t.code)
        return [t.code, record ? formatMmSs(record.seconds) : '']
      }),
    ),
  )
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})

  if (mission.times.length === 0) return <EmptyState title={copy.noTimes} />

  /** Validates the given codes; saves the valid ones that changed. Returns whether all were valid. */
  async function save(codes: string[]) {
    const nextErrors = { ...errors }
    const valid: TimeRecord[] = []
    for (const code of codes) {
      const text = texts[code] ?? ''
      if (text.trim() === '') {
        nextErrors[code] = undefined
        continue
      }
      const parsed = timeEntryTextSchema.safeParse(text)
      if (parsed.success) {
        nextErrors[code] = undefined
        valid.push({ code, seconds: parsed.data })
      } else nextErrors[code] = parsed.error.issues[0]?.message
    }
    setErrors(nextErrors)
    const changed = valid.filter(
      (v) => draft.times.find((r) => r.code === v.code)?.seconds !== v.seconds,
    )
    if (changed.length > 0)
      await updateDraft(draft.reportId, (d) => ({
        ...d,
        times: [...d.times.filter((r) => !changed.some((c) => c.code === r.code)), ...changed],
      }))
    return codes.every((c) => !nextErrors[c])
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (await save(mission.times.map((t) => t.code))) snackbar(copy.timesSaved)
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {mission.times.map((t) => (
        <DurationField
          key={t.code}
          label={copy.timeLabel(t.label)}
          hint={copy.timeHint}
          value={texts[t.code] ?? ''}
          error={errors[t.code]}
          onChange={(typed) => {
            setTexts((x) => ({ ...x, [t.code]: typed }))
            setErrors((x) => ({ ...x, [t.code]: undefined }))
          }}
          onBlur={() => void save([t.code])}
        />
      ))}
      <Button type="submit">{copy.saveTimes}</Button>
    </form>
  )
}
