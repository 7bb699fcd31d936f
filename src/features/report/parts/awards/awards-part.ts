/**
 * The mission's awards and the visit's nominations. No completeness rule: a nomination is
 * never required; one the server refused holds the report back until retried or discarded.
 */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const awardsPart = {
  id: 'awards',
  title: 'Prêmios',
  duringVisit: false,
  checkinPage: {
    path: 'awards',
    tab: 5,
    editor: () => import('./awards-editor').then((m) => m.AwardsEditor),
  },
  listed: (_content, mission) => mission.awards.length > 0,
  summary: (_content, _mission, nominations) => count(nominations, 'indicação', 'indicações'),
} satisfies ReportPart
