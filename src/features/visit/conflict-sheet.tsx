/**
 * The report changed elsewhere (a save met a newer version on the server): show what
 * differs and let the agent keep their answers or take the server's.
 */
import { useState } from 'react'
import type { EvaluationForm, Mission } from '@/api/entities'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import type { ReportDraft } from '@/lib/visit-store/db'
import { resolveReportConflict } from '@/lib/visit-store/store'
import { conflictDifferences } from './conflict-differences'
import { visitCopy as copy } from './visit-copy'
import styles from './visit.module.css'

export function ConflictSheet({
  data,
}: {
  data: { draft: ReportDraft; form: EvaluationForm; mission: Mission }
}) {
  const { draft, form, mission } = data
  const snackbar = useSnackbar()
  const [dismissed, setDismissed] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const conflict = draft.conflict
  if (!conflict) return null
  const open = dismissed !== conflict.version
  const differences = conflictDifferences(draft, conflict, form, mission)

  async function choose(choice: 'keep-mine' | 'take-theirs') {
    setBusy(true)
    try {
      await resolveReportConflict(draft.reportId, choice)
      snackbar(choice === 'keep-mine' ? copy.keptMine : copy.tookTheirs)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {!open && (
        <Notice
          tone="warning"
          title={copy.conflictNotice}
          action={
            <Button variant="secondary" onClick={() => setDismissed(null)}>
              {copy.conflictOpen}
            </Button>
          }
        />
      )}
      <Sheet open={open} title={copy.conflictTitle} onClose={() => setDismissed(conflict.version)}>
        <div className={styles.sheetBody}>
          <p>{copy.conflictBody}</p>
          {differences.length > 0 ? (
            <ul className={styles.differences}>
              {differences.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>{copy.diffNone}</p>
          )}
          <Button block busy={busy} onClick={() => void choose('keep-mine')}>
            {copy.keepMine}
          </Button>
          <Button block variant="secondary" busy={busy} onClick={() => void choose('take-theirs')}>
            {copy.takeTheirs}
          </Button>
        </div>
      </Sheet>
    </>
  )
}
