/** The tax receipt part: whether the mission asks for it, and the receipts' form and list. */
import type { Task } from '@/api/entities'
import { TaxReceiptForm } from '@/features/report/parts/receipts/tax-receipt-form'
import { receiptsCopy } from './receipts-copy'
import type { PartVisit } from '../part'
import styles from '@/features/report/report.module.css'

export function ReceiptsEditor({ visit }: { visit: PartVisit }) {
  const { task, mission } = visit
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {mission.requirements.taxReceipt
          ? receiptsCopy.receiptRequired
          : receiptsCopy.receiptNotRequired}
      </p>
      <TaxReceiptForm reportId={task.reportId} taskId={task.id} />
    </div>
  )
}

/** The receipts as the submitted report shows them. */
export function ReceiptsView({ task }: { task: Task }) {
  return <TaxReceiptForm reportId={task.reportId} taskId={task.id} readOnly />
}
