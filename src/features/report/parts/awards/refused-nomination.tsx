/**
 * A nomination the server refused, said as refused wherever the report shows it: the award
 * and the attendant by name, the award-save failure message and the server's reason, with
 * "Tentar enviar de novo" and "Descartar" (the way to fix it).
 */
import type { Attendant, Mission } from '@/api/entities'
import { FailedWrite } from '@/features/report/api/outbox-status'
import type { AwardItem } from './nominations'
import { awardsCopy } from './awards-copy'

export function RefusedNomination({
  item,
  mission,
  attendants,
}: {
  item: AwardItem
  mission: Pick<Mission, 'awards'>
  attendants: readonly Pick<Attendant, 'code' | 'name'>[]
}) {
  const award = mission.awards.find((a) => a.code === item.input.code)?.title ?? item.input.code
  const name =
    attendants.find((a) => a.code === item.input.attendantCode)?.name ?? awardsCopy.nomineeGone
  return (
    <section aria-label={awardsCopy.refusedNomination}>
      <FailedWrite item={item}>
        <p>{awardsCopy.nominee(award, name)}</p>
      </FailedWrite>
    </section>
  )
}
