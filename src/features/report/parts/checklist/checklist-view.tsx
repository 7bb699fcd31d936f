/** The checklist as the submitted report lists it (apart from the editor: the check-in's page loads no list). */
import type { Mission, Report } from '@/api/entities'
import { CheckIcon } from '@/components/icons'
import { List, ListItem } from '@/components/list'
import { EmptyState } from '@/components/status'
import { checklistCopy as copy } from './checklist-copy'
import { checklistPart } from './checklist-part'

/** The checklist as the submitted report lists it. */
export function ChecklistView({
  mission,
  checklist,
}: {
  mission: Mission
  checklist: Report['checklist']
}) {
  if (mission.checklist.length === 0) return <EmptyState title={copy.checklistEmpty} />
  return (
    <List label={checklistPart.title}>
      {mission.checklist.map((item) => {
        const checked = checklist.some((c) => c.itemId === item.id && c.checked)
        return (
          <ListItem
            key={item.id}
            title={item.label}
            trailing={
              checked ? (
                <span>
                  <CheckIcon aria-hidden="true" />
                  {copy.checklistDone}
                </span>
              ) : (
                <span>{copy.checklistNotDone}</span>
              )
            }
          />
        )
      })}
    </List>
  )
}
