/** The attendants met during the visit; the rule is `attendants` (the mission's minimum). */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const attendantsPart = {
  id: 'attendants',
  title: 'Atendentes',
  duringVisit: true,
  checkinPage: {
    path: 'attendants',
    tab: 2,
    editor: () => import('./attendants-editor').then((m) => m.AttendantsEditor),
  },
  listed: () => true,
  summary: (content) => count(content.attendants.length, 'atendente', 'atendentes'),
} satisfies ReportPart
