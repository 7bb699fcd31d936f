/** `checklist`: the mission's items as checkboxes, each tick saved on the device at once. */
import { useState } from 'react'
import type { Mission } from '@/api/entities'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import type { ReportDraft } from '@/lib/visit-store/db'
import { updateDraft } from '@/lib/visit-store/store'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'
import styles from './checkin.module.css'

export function ChecklistPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.checklistTitle}>
      {visit.mission.checklist.length === 0 ? (
        <EmptyState title={copy.checklistEmpty} />
      ) : (
        <DraftGate visit={visit}>
          {(draft) => <ChecklistForm draft={draft} mission={visit.mission} />}
        </DraftGate>
      )}
    </Page>
  )
}

function ChecklistForm({ draft, mission }: { draft: ReportDraft; mission: Mission }) {
  // What the agent just ticked shows at once; the store catches up a moment later.
  const [ticked, setTicked] = useState<Record<string, boolean>>({})
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle')
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
    <>
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
    </>
  )
}
