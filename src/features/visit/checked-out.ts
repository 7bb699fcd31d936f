/**
 * The check-out's time, handed from the check-out button to the page it opens (the chat
 * online, the offline check-out's page otherwise) in the navigation's state: that page can say
 * when before the device's record of the visit is read again with it.
 */
export type CheckedOutState = { checkedOutAt: string }

export const checkedOutState = (at: string): CheckedOutState => ({ checkedOutAt: at })

/** The check-out time a navigation's state carries, if it is one. */
export function checkedOutAtOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('checkedOutAt' in state)) return undefined
  const at = state.checkedOutAt
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : undefined
}
