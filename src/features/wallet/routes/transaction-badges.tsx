import type { AwardStatus, Transaction } from '@/api/entities'
import { AWARD_STATUS_LABEL } from '@/domain/awards'
import { Badge, type Tone } from '@/components/status'
import { walletCopy as copy } from '../copy'

const STATUS_TONE: Record<Transaction['status'], Tone> = {
  pending: 'warning',
  available: 'success',
  paid: 'info',
}

export function TransactionStatusBadge({ status }: { status: Transaction['status'] }) {
  return <Badge tone={STATUS_TONE[status]}>{copy.status[status]}</Badge>
}

const AWARD_TONE: Record<AwardStatus, Tone> = {
  created: 'info',
  pending: 'warning',
  complete: 'success',
  rejected: 'danger',
}

export function AwardStatusBadge({ status }: { status: AwardStatus }) {
  return <Badge tone={AWARD_TONE[status]}>{AWARD_STATUS_LABEL[status]}</Badge>
}
