/**
 * Every root the query cache keeps server answers under, in one registry — as
 * `storage-keys.ts` is for what the app keeps on the device. The features' `queryOptions`
 * factories build their keys from these roots, and the visit's sync loop refreshes the screens
 * a sent write changed by the same roots (`queriesChangedBy` in `visit-store/sync.ts`), so a
 * root renamed here is renamed for both: a hand-typed `['tasks']` in one of them and
 * `['task']` in the other would leave a screen showing what the server no longer says.
 *
 * A root is the key's first element; TanStack Query matches a key by prefix, so invalidating
 * a root refreshes every query under it. `src/lib/query-keys.test.ts` fails on a key spelled
 * with a literal root anywhere in `src/` but here.
 */

export const queryKeys = {
  /** The signed-in agent, with the counts behind the badges and alerts (GET /me). */
  me: ['me'],
  /** The agent's profile and the terms of use (features/account). */
  account: ['account'],
  /** The agent's tasks: lists, pages and one task (features/tasks). */
  tasks: ['tasks'],
  /** Projects, missions and forms a task points at (features/tasks). */
  catalogue: ['catalogue'],
  /** A visit's report and its current revision (visit-store/api.ts). */
  reports: ['reports'],
  /** Balance, transactions and the agent's nominated awards (features/wallet). */
  wallet: ['wallet'],
  /** Offers (features/opportunities). */
  opportunities: ['opportunities'],
  /** The agent's notifications (features/notifications). */
  notifications: ['notifications'],
  /** The company's bulletins (features/notifications). */
  bulletins: ['bulletins'],
  /** The service's health, polled while it is unavailable (features/system). */
  health: ['health'],
  /**
   * An evidence's bytes from the server, fetched once per session
   * (features/visit/media/use-media-object-url.ts).
   */
  media: ['media'],
} as const

export type QueryKeyRoot = (typeof queryKeys)[keyof typeof queryKeys]
