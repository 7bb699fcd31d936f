/** The mission's checklist; the rule is `checklist` (every item ticked). */
import type { ReportPart } from '../part'

export const checklistPart = {
  id: 'checklist',
  title: 'Checklist',
  duringVisit: true,
  checkinPage: 'checklist',
  listed: (_content, mission) => mission.checklist.length > 0,
  summary: (content, mission) =>
    `${content.checklist.filter((c) => c.checked).length} de ${mission.checklist.length} itens`,
} satisfies ReportPart
