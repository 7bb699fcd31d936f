/**
 * A nomination the server refused, said as refused wherever the report shows it: the award
 * and the attendant by name and the server's reason, with what to do (`FailedWrite`): for a
 * refusal sending again would repeat (the award already nominated, the score below its goal),
 * "Descartar indicação" and no retry.
 */
import type { Attendant, Mission } from '@/api/entities'
import { FailedWrite } from '@/features/visit/outbox-status'
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
  const award =
    mission.awards.find((a) => a.code === item.input.code)?.title ?? awardsCopy.awardGone
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
