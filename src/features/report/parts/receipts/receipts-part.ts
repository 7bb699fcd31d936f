/** The tax receipt (photo, CNPJ, number, amount, date); the rule is `tax-receipts`. */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const receiptsPart = {
  id: 'tax-receipts',
  title: 'Cupom fiscal',
  duringVisit: true,
  listed: (content, mission) => mission.requirements.taxReceipt || content.taxReceipts.length > 0,
  summary: (content) => count(content.taxReceipts.length, 'cupom', 'cupons'),
} satisfies ReportPart
