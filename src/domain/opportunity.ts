/** Opportunity rules (docs/product/states.md, first rows): accept inside the window, never once expired. */
import type { Opportunity } from '@/api/entities'
import type { Refusal } from './task-state-machine'

type OfferState = Pick<Opportunity, 'status' | 'expiresAt'> & {
  task: { window: { from: string; to: string } }
}

export function isOpportunityExpired(offer: Pick<Opportunity, 'expiresAt'>, now: number): boolean {
  return now >= Date.parse(offer.expiresAt)
}

/** The status as of `now`: a pending offer past its expiry is expired. */
export function effectiveOpportunityStatus(
  offer: Pick<Opportunity, 'status' | 'expiresAt'>,
  now: number,
) {
  return offer.status === 'pending' && isOpportunityExpired(offer, now) ? 'expired' : offer.status
}

export function isInsideWindow(window: { from: string; to: string }, date: string): boolean {
  const t = Date.parse(date)
  return !Number.isNaN(t) && t >= Date.parse(window.from) && t <= Date.parse(window.to)
}

export function checkAccept(offer: OfferState, scheduledFor: string, now: number): Refusal | null {
  const status = effectiveOpportunityStatus(offer, now)
  if (status === 'expired')
    return {
      code: 'opportunity_expired',
      message: 'Esta oportunidade expirou e não pode mais ser aceita.',
    }
  if (status !== 'pending')
    return { code: 'transition_refused', message: 'Esta oportunidade já foi respondida.' }
  if (!isInsideWindow(offer.task.window, scheduledFor))
    return {
      code: 'date_outside_window',
      message: 'Escolha uma data dentro do período da oportunidade.',
    }
  if (Date.parse(scheduledFor) < now - 60_000)
    return { code: 'date_outside_window', message: 'Escolha uma data a partir de agora.' }
  return null
}

export function checkDecline(
  offer: Pick<Opportunity, 'status' | 'expiresAt'>,
  now: number,
): Refusal | null {
  const status = effectiveOpportunityStatus(offer, now)
  if (status !== 'pending')
    return { code: 'transition_refused', message: 'Esta oportunidade não está mais disponível.' }
  return null
}
