/** The attendants as the submitted report lists them (apart from the editor: the check-in's page loads no list). */
import type { Attendant } from '@/api/entities'
import { List, ListItem } from '@/components/list'
import { EmptyState } from '@/components/status'
import { attendantsCopy as copy } from './attendants-copy'
import { attendantsPart } from './attendants-part'

/** The attendants as the submitted report lists them. */
export function AttendantsView({ attendants }: { attendants: readonly Attendant[] }) {
  if (attendants.length === 0)
    return (
      <EmptyState title={copy.viewEmpty}>
        <p>{copy.viewEmptyBody}</p>
      </EmptyState>
    )
  return (
    <List label={attendantsPart.title}>
      {attendants.map((a) => (
        <ListItem key={a.code} title={a.name} subtitle={a.traits.join(', ') || undefined} />
      ))}
    </List>
  )
}
