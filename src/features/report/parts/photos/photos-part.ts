/** The visit's photos (evidences of kind `photo`); the rule is `evidences` (the mission's minimum). */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const photosPart = {
  id: 'evidences',
  title: 'Fotos',
  duringVisit: true,
  checkinPage: {
    path: 'evidences',
    tab: 4,
    editor: () => import('./photos-editor').then((m) => m.PhotosEditor),
  },
  listed: () => true,
  summary: (content) =>
    count(content.evidences.filter((e) => e.kind === 'photo').length, 'foto', 'fotos'),
} satisfies ReportPart
