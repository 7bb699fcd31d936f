/** The mission's checklist: each item ticked or not, saved in the draft as it is ticked. */
import type { Mission, Report } from '@/api/entities'
import { List, ListItem } from '@/components/list'
import { EmptyState } from '@/components/status'
import { updateDraft } from '@/lib/visit-store/store'
import { reportCopy as copy } from '@/features/report/report-copy'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import styles from '@/features/report/report.module.css'
import { CheckIcon } from '@/components/icons'
import { partTitle } from '@/features/report/parts/parts'

export function ChecklistList({
  mission,
  checklist,
}: {
  mission: Mission
  checklist: Report['checklist']
}) {
  if (mission.checklist.length === 0) return <EmptyState title={copy.noChecklist} />
  return (
    <List label={partTitle('checklist')}>
      {mission.checklist.map((item) => {
        const checked = checklist.some((c) => c.itemId === item.id && c.checked)
        return (
          <ListItem
            key={item.id}
            title={item.label}
            trailing={
              checked ? (
                <span className={styles.checkedMark}>
                  <CheckIcon aria-hidden="true" />
                  {copy.checklistDone}
                </span>
              ) : (
                <span>{copy.checklistNotDone}</span>
              )
            }
          />
        )
      })}
    </List>
  )
}

export function ChecklistSection({ data }: { data: VisitReport }) {
  const { draft, mission } = data
  if (mission.checklist.length === 0) return <EmptyState title={copy.noChecklist} />
  const toggle = (itemId: string, checked: boolean) =>
    void updateDraft(draft.reportId, (d) => ({
      ...d,
      checklist: [...d.checklist.filter((c) => c.itemId !== itemId), { itemId, checked }],
    }))
  return (
    <fieldset className={styles.checklist}>
      <legend className="visually-hidden">{partTitle('checklist')}</legend>
      {mission.checklist.map((item) => (
        <label key={item.id} className={styles.checkRow}>
          <input
            type="checkbox"
            checked={draft.checklist.some((c) => c.itemId === item.id && c.checked)}
            onChange={(e) => toggle(item.id, e.target.checked)}
          />
          <span>{item.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
