/**
 * The fake database: @msw/data collections whose records are the API entities of
 * openapi.yaml (validated by zod schemas generated from it), plus the few server-only
 * records (sessions, one-time codes, invitations, idempotent replies, media bytes, push
 * subscriptions).
 */
import { Collection } from '@msw/data'
import type { CollectionOptions } from '@msw/data'
import { z } from 'zod-fake-backend'
import { apiSchema, ownedSchema } from './schemas'

const sessionSchema = z.object({ token: z.string(), agentId: z.string(), expiresAt: z.string() })
const otpSchema = z.object({
  phone: z.string(),
  code: z.string(),
  connection: z.enum(['sms', 'whatsapp']),
  sentAt: z.string(),
  expiresAt: z.string(),
  resendAvailableAt: z.string(),
  failedAttempts: z.number().int(),
})
const invitationSchema = z.object({
  id: z.string(),
  token: z.string(),
  agentId: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
})
const idempotentReplySchema = z.object({
  key: z.string(),
  route: z.string(),
  status: z.number().int(),
  body: z.string(),
  contentType: z.string(),
  /** What makes a repeat "the same request" (mocks/handlers/idempotency.ts). */
  fingerprint: z.string().optional(),
  /** When it was stored, on the backend's clock; without one (older demo data) it expired. */
  storedAt: z.string().optional(),
})
const bankSchema = z.object({ ownerId: z.string(), bank: apiSchema('BankInfo') })
const mediaSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  mimeType: z.string(),
  /** Base64 of the bytes, so the record survives JSON persistence in the browser. */
  base64: z.string(),
})

/** A device's Web Push subscription (`POST /push/subscriptions`), server-only. */
const pushSubscriptionSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  deviceLabel: z.string(),
  createdAt: z.string(),
})

export type CollectionExtensions = CollectionOptions<z.ZodType>['extensions']

export function createDatabase(extensionsFor: (name: string) => CollectionExtensions = () => []) {
  const collection = <S extends z.ZodType>(name: string, schema: S) =>
    new Collection({ schema, extensions: extensionsFor(name) })
  return {
    agents: collection('agents', apiSchema('Agent')),
    profiles: collection('profiles', apiSchema('Profile')),
    projects: collection('projects', apiSchema('Project')),
    missions: collection('missions', apiSchema('Mission')),
    forms: collection('forms', apiSchema('EvaluationForm')),
    tasks: collection('tasks', apiSchema('Task')),
    opportunities: collection('opportunities', ownedSchema('Opportunity')),
    reports: collection('reports', apiSchema('Report')),
    revisions: collection('revisions', apiSchema('Revision')),
    awards: collection('awards', apiSchema('AwardGiven')),
    notifications: collection('notifications', ownedSchema('Notification')),
    bulletins: collection('bulletins', ownedSchema('Bulletin')),
    transactions: collection('transactions', ownedSchema('Transaction')),
    banks: collection('banks', bankSchema),
    terms: collection('terms', apiSchema('Terms')),
    sessions: collection('sessions', sessionSchema),
    otps: collection('otps', otpSchema),
    invitations: collection('invitations', invitationSchema),
    idempotentReplies: collection('idempotentReplies', idempotentReplySchema),
    media: collection('media', mediaSchema),
    pushSubscriptions: collection('pushSubscriptions', pushSubscriptionSchema),
  }
}

export type Database = ReturnType<typeof createDatabase>

/**
 * Empties every collection. Not with `collection.clear()`: in @msw/data 1.1 it deletes record by
 * record (a `findIndex` and a `splice` each, a "delete" event each), quadratic in the count —
 * 3.8 s of the 7 s a reset of the large scenario took (profiled, 2 busy cores). `all()` is the
 * collection's own array (its source says so: records are kept by reference for queries), and
 * this database defines no relations, so nothing listens to the deletions: emptying the array
 * is the whole of a clear. mocks/db.test.ts holds the collections to it.
 */
export function clearDatabase(db: Database) {
  for (const c of Object.values(db)) c.all().length = 0
}
