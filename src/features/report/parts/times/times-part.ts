/** The mission's times (stopwatch or typed mm:ss); the rule is `times` (each one recorded). */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const timesPart = {
  id: 'times',
  title: 'Tempos',
  duringVisit: true,
  checkinPage: {
    path: 'times',
    tab: 3,
    editor: () => import('./times-editor').then((m) => m.TimesEditor),
  },
  listed: () => true,
  summary: (content) => count(content.times.length, 'tempo', 'tempos'),
} satisfies ReportPart
