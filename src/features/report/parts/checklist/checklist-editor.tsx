/**
 * The checklist part: the mission's items as checkboxes, each tick saved on the device at
 * once. The same editor on the check-in's page and in the report.
 */
import { useState } from 'react'
import { Notice } from '@/components/notice'
import { EmptyState } from '@/components/status'
import { updateDraft } from '@/lib/visit-store/store'
import type { PartVisit } from '../part'
import { checklistCopy as copy } from './checklist-copy'
import styles from '../part.module.css'

export function ChecklistEditor({ visit }: { visit: PartVisit }) {
  const { draft, mission } = visit
  // What the agent just ticked shows at once; the store catches up a moment later.
  const [ticked, setTicked] = useState<Record<string, boolean>>({})
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle')
  if (mission.checklist.length === 0) return <EmptyState title={copy.checklistEmpty} />
  const fromDraft = new Map(draft.checklist.map((c) => [c.itemId, c.checked]))
  const isChecked = (id: string) => ticked[id] ?? fromDraft.get(id) ?? false
  const done = mission.checklist.filter((item) => isChecked(item.id)).length

  function toggle(itemId: string, checked: boolean) {
    setTicked((t) => ({ ...t, [itemId]: checked }))
    updateDraft(draft.reportId, (d) => ({
      ...d,
      checklist: d.checklist.some((c) => c.itemId === itemId)
        ? d.checklist.map((c) => (c.itemId === itemId ? { ...c, checked } : c))
        : [...d.checklist, { itemId, checked }],
    })).then(
      () => setSaved('saved'),
      () => setSaved('failed'),
    )
  }

  return (
    <div className={styles.part}>
      <fieldset className={styles.checkboxes}>
        <legend>{copy.checklistLegend}</legend>
        {mission.checklist.map((item) => (
          <label key={item.id} className={styles.checkbox}>
            <input
              type="checkbox"
              checked={isChecked(item.id)}
              onChange={(e) => toggle(item.id, e.target.checked)}
            />
            <span>{item.label}</span>
          </label>
        ))}
      </fieldset>
      <p className={styles.muted}>{copy.checklistProgress(done, mission.checklist.length)}</p>
      <p role="status" className={styles.status}>
        {saved === 'saved' ? copy.savedOnDevice : ''}
      </p>
      {saved === 'failed' && <Notice tone="error">{copy.saveFailed}</Notice>}
    </div>
  )
}
