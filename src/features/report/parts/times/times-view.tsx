/** The times as the submitted report lists them (apart from the editor: the check-in's page loads no list). */
import type { Mission, TimeRecord } from '@/api/entities'
import { List, ListItem } from '@/components/list'
import { EmptyState } from '@/components/status'
import { formatMmSs } from '@/domain/time-entry'
import { timesCopy as copy } from './times-copy'
import { timesPart } from './times-part'

/** The times as the submitted report lists them. */
export function TimesView({ mission, times }: { mission: Mission; times: readonly TimeRecord[] }) {
  if (mission.times.length === 0) return <EmptyState title={copy.timesEmpty} />
  return (
    <List label={timesPart.title}>
      {mission.times.map((t) => {
        const record = times.find((r) => r.code === t.code)
        return (
          <ListItem
            key={t.code}
            title={t.label}
            trailing={record ? formatMmSs(record.seconds) : copy.noAnswer}
          />
        )
      })}
    </List>
  )
}
