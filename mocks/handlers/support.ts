/**
 * What every fake-backend handler shares: the typed `http` of openapi.yaml, problem
 * responses, the bearer-token guard, body validation with field errors (idempotent replay: ./idempotency.ts).
 * Handlers `throw` a problem Response to stop early (MSW returns a thrown Response as is).
 */
import { HttpResponse } from 'msw'
import { createOpenApiHttp } from 'openapi-msw'
import { safeParse } from 'zod/mini'
import type { $ZodType } from 'zod/v4/core'
import type { components, paths } from '@/api/schema.gen'
import type { Agent, FieldError, ProblemCode } from '@/api/entities'
import type { Database } from '../db'
import type { FakeClock } from '../clock'
import type { FaultRegistry } from '../faults'
import type { PushState } from '../push-types'
import type { ScenarioName } from '../seed/seed'
import { apiSchema } from '../schemas'

export type FakeBackendLog = (message: string) => void

export type BackendContext = {
  db: Database
  clock: FakeClock
  /** API base, `/api` by default; handlers match `${baseUrl}/…`. */
  baseUrl: string
  log: FakeBackendLog
  /** Deterministic id source (seeded), so runs are reproducible. */
  random: () => number
  /**
   * Where sign-in codes and session tokens come from: the seeded source when a run asks to be
   * repeatable (tests, `--seed`), else the platform's cryptographic one (FakeBackendOptions.secrets).
   */
  secretRandom: () => number
  /** Fault switches checked before every handler (see mocks/faults.ts). */
  faults: FaultRegistry
  /** Where Web Push goes and what was sent (see mocks/push.ts). */
  push: PushState
  /** Every API call that reached a handler (not the faulted ones), oldest first: for tests. */
  requests: RequestRecord[]
}

/** One API call as the control plane lists it (`GET __fake/requests`). */
export type RequestRecord = {
  at: string
  method: string
  path: string
  idempotencyKey: string | null
}

export function typedHttp(ctx: BackendContext) {
  return createOpenApiHttp<paths>({ baseUrl: ctx.baseUrl })
}

export const PROBLEM_TITLES: Record<ProblemCode, string> = {
  validation_failed: 'Dados inválidos',
  not_found: 'Não encontrado',
  session_expired: 'Sessão expirada',
  unauthorized: 'Não autorizado',
  transition_refused: 'Ação não permitida',
  stale_version: 'O relatório mudou em outro lugar',
  already_checked_in: 'Check-in já feito',
  outside_radius: 'Fora do raio do local',
  weak_gps_signal: 'Sinal de GPS fraco',
  opportunity_expired: 'Oportunidade expirada',
  date_outside_window: 'Data fora do período',
  deadline_passed: 'Prazo encerrado',
  report_incomplete: 'Questionário com páginas incompletas',
  award_below_goal: 'Nota abaixo da meta do prêmio',
  award_already_given: 'Prêmio já indicado',
  insufficient_balance: 'Saldo insuficiente',
  bank_info_missing: 'Dados bancários ausentes',
  otp_invalid: 'Código incorreto',
  otp_expired: 'Código expirado',
  otp_locked: 'Código bloqueado',
  otp_resend_locked: 'Aguarde para pedir outro código',
  activation_invalid: 'Link de ativação inválido',
  activation_expired: 'Link de ativação expirado',
  file_too_large: 'Arquivo grande demais',
  body_too_large: 'Corpo grande demais',
  unsupported_media_type: 'Tipo de conteúdo não aceito',
  maintenance: 'Em manutenção',
  internal_error: 'Erro interno',
  idempotency_key_reused: 'Chave de envio já usada',
  idempotency_key_in_use: 'Envio em andamento',
}

export type ProblemExtras = Partial<{
  fields: Array<{ field: string; message: string }>
  retryAfterSeconds: number
  attemptsLeft: number
  distanceMeters: number
  accuracyMeters: number
  maxAccuracyMeters: number
  missing: Array<{ section: string; label: string; pageId?: string }>
  current: unknown
}>

export function problem(
  status: number,
  code: ProblemCode,
  detail: string,
  extras: ProblemExtras = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/problem+json' }
  if (extras.retryAfterSeconds !== undefined)
    headers['Retry-After'] = String(extras.retryAfterSeconds)
  return HttpResponse.json(
    {
      type: `https://avaliador.example/problems/${code.replaceAll('_', '-')}`,
      title: PROBLEM_TITLES[code],
      status,
      detail,
      code,
      requestId: `req_${Math.random().toString(36).slice(2, 10)}`,
      ...extras,
    },
    { status, headers },
  )
}

export const notFound = (detail: string) => problem(404, 'not_found', detail)
export const refused = (refusal: { code: ProblemCode; message: string }) =>
  problem(409, refusal.code, refusal.message)

/** The agent behind the bearer token, or a thrown 401. */
export function requireAgent(ctx: BackendContext, request: Request): Agent {
  const header = request.headers.get('Authorization') ?? ''
  const token = /^Bearer (.+)$/.exec(header)?.[1]
  if (!token) throw problem(401, 'unauthorized', 'Entre com seu celular para continuar.')
  const session = ctx.db.sessions.findFirst((q) => q.where({ token }))
  if (!session || Date.parse(session.expiresAt) <= ctx.clock.now())
    throw problem(401, 'session_expired', 'Sua sessão expirou. Entre novamente.')
  const agent = ctx.db.agents.findFirst((q) => q.where({ id: session.agentId }))
  if (!agent) throw problem(401, 'session_expired', 'Sua sessão expirou. Entre novamente.')
  return agent
}

type SchemaName = keyof components['schemas']

/** The general message of a 422 with field errors. */
export const INVALID_FIELDS = 'Confira os campos destacados.'

/**
 * Domain rules that own some fields of a request body: the spec's generic message for an
 * owned field gives way to the domain's pt-BR one (e.g. "Use no máximo duas palavras").
 */
export type DomainCheck = {
  /** Dotted field paths whose validation the domain check owns. */
  owns: RegExp
  /** Field errors of the owned fields, read from the raw JSON body (it may be any shape). */
  check: (raw: unknown) => FieldError[]
}

const SPEC_ONLY: DomainCheck = { owns: /(?!)/, check: () => [] }

/**
 * Reads the JSON body and validates it against the request schema of openapi.yaml, with
 * `domain` (if any) deciding the fields it owns. Any error is a thrown 422 with `fields`.
 */
export async function readBody<Name extends SchemaName>(
  request: Request,
  name: Name,
  domain: DomainCheck = SPEC_ONLY,
): Promise<components['schemas'][Name]> {
  let raw: unknown
  try {
    raw = await request.json()
  } catch {
    throw problem(422, 'validation_failed', 'O corpo da requisição não é um JSON válido.')
  }
  const parsed = apiSchema(name).safeParse(raw)
  const specFields = parsed.success
    ? []
    : parsed.error.issues
        .map((issue) => ({
          field: issue.path.map(String).join('.') || '(corpo)',
          message: issue.message,
        }))
        .filter((f) => !domain.owns.test(f.field))
  const fields = [...specFields, ...domain.check(raw)]
  if (fields.length > 0) throw problem(422, 'validation_failed', INVALID_FIELDS, { fields })
  // The spec only failed on fields the domain owns and accepts (e.g. length in code points).
  return parsed.success ? parsed.data : (raw as components['schemas'][Name])
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The array at `raw[key]`, or [] when the body is not shaped so (the spec reports that). */
export function arrayAt(raw: unknown, key: string): unknown[] {
  const value = isRecord(raw) ? raw[key] : undefined
  return Array.isArray(value) ? value : []
}

/** The first pt-BR message of a domain schema for a value, or null when it passes. */
export function domainMessage(schema: $ZodType, value: unknown): string | null {
  const result = safeParse(schema, value)
  return result.success ? null : (result.error.issues[0]?.message ?? INVALID_FIELDS)
}

/** 422 from a domain zod schema with pt-BR messages (e.g. justification 50–1000). */
export function checkField<T>(schema: $ZodType<T>, value: unknown, field: string): T {
  const parsed = safeParse(schema, value)
  if (!parsed.success)
    throw problem(422, 'validation_failed', INVALID_FIELDS, {
      fields: parsed.error.issues.map((i) => ({
        field: [field, ...i.path.map(String)].join('.'),
        message: i.message,
      })),
    })
  return parsed.data
}

export function isoNow(ctx: BackendContext) {
  return new Date(ctx.clock.now()).toISOString()
}

/** Short random id with a prefix, from the backend's seeded random source (or `random`). */
export function newId(ctx: BackendContext, prefix: string, random: () => number = ctx.random) {
  let s = ''
  const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  for (let i = 0; i < 10; i++) s += alphabet[Math.floor(random() * alphabet.length)]
  return `${prefix}_${s}`
}

/** Removes the owner id of owned records before they go out. */
export function withoutOwner<T extends { ownerId: string }>(record: T): Omit<T, 'ownerId'> {
  const { ownerId: _ownerId, ...rest } = record
  return rest
}

/** Cursor pagination over an already filtered and sorted list (cursor = offset). */
export function paginate<T>(items: T[], cursor: string | null, limitParam: string | null) {
  const limit = Math.min(200, Math.max(1, Number(limitParam ?? 50) || 50))
  const offset = Math.max(0, Number(cursor ?? 0) || 0)
  const page = items.slice(offset, offset + limit)
  const next = offset + limit < items.length ? String(offset + limit) : null
  return { items: page, total: items.length, nextCursor: next }
}

/** Plain JSON copy of a record (drops the collection's internal symbols). */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}

/** What the control plane and the provider-state endpoint act on: the backend and its reset. */
export type ControlTarget = {
  context: BackendContext
  reset(next?: { seed?: number; scenario?: ScenarioName }): Promise<void>
}
