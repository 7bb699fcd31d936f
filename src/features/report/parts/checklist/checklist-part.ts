/** The mission's checklist; the rule is `checklist` (every item ticked). */
import type { ReportPart } from '../part'

export const checklistPart = {
  id: 'checklist',
  title: 'Checklist',
  duringVisit: true,
  checkinPage: {
    path: 'checklist',
    tab: 1,
    editor: () => import('./checklist-editor').then((m) => m.ChecklistEditor),
  },
  listed: (_content, mission) => mission.checklist.length > 0,
  summary: (content, mission) =>
    `${content.checklist.filter((c) => c.checked).length} de ${mission.checklist.length} itens`,
} satisfies ReportPart
