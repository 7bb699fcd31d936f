/**
 * Response bodies the app relies on, as Pact matchers: types and formats, not the example
 * values. Each follows its schema in openapi.yaml (the contract run checks every interaction
 * against the spec); a body holds only the fields the app reads, so a provider may add more.
 */
import { MatchersV3 } from '@pact-foundation/pact'
import { DEMO } from '../../mocks/provider-state-catalogue'
import type { TaskStatusCode } from '@/api/entities'
import { reportSectionValues, taskStatusCodeValues } from '@/api/schema.gen'
import { FULL_DATE_FORMAT, RFC3339_DATE_TIME } from './date-time'

const { like, eachLike, atLeastLike, integer, number, boolean, regex, nullValue, date } = MatchersV3

/** Any RFC 3339 date-time (`format: date-time`): see support/date-time.ts. */
export const instant = (example = '2026-03-10T12:00:00.000Z') => regex(RFC3339_DATE_TIME, example)
/** An RFC 3339 full-date (`format: date`). */
export const calendarDate = (example = '2026-03-10') => date(FULL_DATE_FORMAT, example)
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
export const oneOf = (values: readonly string[], example: string = values[0]!) =>
  regex(`^(${values.map(escapeRegex).join('|')})$`, example)

export const E164 = '^\\+55[1-9][1-9]\\d{8,9}$'
export const phone = (example: string = DEMO.phone) => regex(E164, example)
export const cpf = (example = '52998224725') => regex('^\\d{11}$', example)

/** Every task status and report section, from the spec's enums (matched by value, any of them). */
export const TASK_STATUSES = taskStatusCodeValues
export const REPORT_SECTIONS = reportSectionValues

// ------------------------------------------------------------------ system and auth

/** `GET /health` of a service that is up: `ok` (the state says so; `maintenance` is a 503). */
export const health = () => ({
  status: 'ok',
  version: like('1.0.0'),
  time: instant(),
})

export const signInTicket = (example: string = DEMO.phone) => ({
  phone: phone(example),
  connection: 'sms',
  resendAvailableAt: instant('2026-03-10T12:01:00.000Z'),
  expiresAt: instant('2026-03-10T12:10:00.000Z'),
})

/**
 * The agent as the app reads it. `termsVersionAccepted` is `string | null` in the spec and
 * `termsPending` any boolean: the pact asks for what its provider state arranges (named in the
 * state's description) — the app puts its terms alert above every screen from `termsPending`.
 */
export const agent = (terms: 'accepted' | 'none' = 'accepted') => ({
  id: like(DEMO.agentId),
  name: like('Ana Souza'),
  phone: phone(),
  email: like('ana.souza@exemplo.com.br'),
  cpf: cpf(),
  status: oneOf(['active', 'inactive', 'blocked']),
  available: boolean(true),
  termsVersionAccepted: terms === 'accepted' ? like('2026.2') : nullValue(),
  // Whether the terms in force wait for the agent (the shell's alert), as the state arranges.
  termsPending: terms !== 'accepted',
  counts: {
    pendingOpportunities: integer(5),
    unreadNotifications: integer(3),
    openPendencies: integer(2),
    unreadBulletins: integer(1),
  },
})

export const session = (terms: 'accepted' | 'none' = 'accepted') => ({
  token: like('ses_7Hk2QaP9xZ'),
  expiresAt: instant('2026-04-09T12:00:00.000Z'),
  agent: agent(terms),
})

// ------------------------------------------------------------------ account

export const address = () => ({
  street: like('Rua Augusta'),
  number: like('1500'),
  district: like('Consolação'),
  city: like('São Paulo'),
  state: regex('^[A-Z]{2}$', 'SP'),
  zip: regex('^\\d{8}$', '01304001'),
})

export const profile = () => ({
  agentId: like(DEMO.agentId),
  fullName: like('Ana Paula Souza'),
  displayName: like('Ana'),
  email: like('ana.souza@exemplo.com.br'),
  phone: phone(),
  birthDate: calendarDate('1994-03-12'),
  cpf: cpf(),
  address: address(),
})

export const terms = () => ({
  version: like('2026.2'),
  title: like('Termos de uso do Avaliador'),
  body: like('1. O avaliador visita o local…'),
  publishedAt: instant('2026-02-08T12:00:00.000Z'),
  acceptedAt: instant('2026-02-09T12:00:00.000Z'),
})

// ------------------------------------------------------------------ wallet

export const transaction = () => ({
  id: like('trx_4832'),
  kind: oneOf(['task', 'award', 'withdrawal', 'adjustment']),
  amountCents: integer(4500),
  status: oneOf(['pending', 'available', 'paid']),
  createdAt: instant(),
  description: like('Visita T-4832 — Supermercado Central'),
})

export const bankInfo = () => ({
  holderName: like('Ana Paula Souza'),
  cpf: cpf(),
  bankCode: regex('^\\d{3}$', '260'),
  branch: regex('^\\d{1,5}$', '0001'),
  account: regex('^\\d{1,12}-[\\dXx]$', '1234567-8'),
  accountType: oneOf(['corrente', 'poupanca']),
  // `pixKey` is optional (the form shows it empty when it is missing): not asked for.
})

export const wallet = () => ({
  balanceCents: integer(12850),
  pendingCents: integer(4500),
  transactions: eachLike(transaction()),
  bank: bankInfo(),
})

export const awardGiven = () => ({
  id: like('awd_1'),
  code: like('NOTA10'),
  taskId: like('tsk_4831'),
  attendantCode: like('att_4831_1'),
  attendantName: like('Renata Moura'),
  score: number(92.5),
  status: oneOf(['created', 'pending', 'complete', 'rejected']),
  createdAt: instant(),
})

// ------------------------------------------------------------------ tasks and opportunities

export const location = () => ({
  name: like('Farmácia Central — Paulista'),
  address: like('Av. Paulista, 1000 — Bela Vista, São Paulo — SP'),
  lat: number(-23.5614),
  lng: number(-46.6559),
  radiusMeters: number(300),
})

const checkinStep = () => ({
  at: instant('2026-03-11T10:00:00.000Z'),
  lat: number(-23.5614),
  lng: number(-46.6559),
  accuracy: number(10),
})

type StepsKind = 'accepted' | 'checkedIn' | 'visited'

/**
 * A task as the app reads it. `checkedOutOffline`: the check-out's `offline` flag when the
 * request made it (the flag it sent); otherwise any boolean (a past visit's).
 */
export const task = (
  statusCode: TaskStatusCode | null = null,
  steps: StepsKind = 'accepted',
  checkedOutOffline?: boolean,
) => ({
  id: like('tsk_4826'),
  slug: regex('^T-\\d{3,6}$', 'T-4826'),
  agentId: like(DEMO.agentId),
  projectId: like('prj_mercado'),
  missionId: like('msn_mercado'),
  title: like('Compra na padaria do supermercado'),
  location: location(),
  status: {
    // A regex even for one status: inside `eachLike` a plain value would be "any string".
    code: statusCode ? oneOf([statusCode]) : oneOf(TASK_STATUSES, 'started'),
    changedAt: instant(),
  },
  scheduledFor: instant('2026-03-12T14:00:00.000Z'),
  deadline: instant('2026-03-17T14:00:00.000Z'),
  payoutCents: integer(4500),
  reportId: like('rep_4826'),
  steps: {
    accepted: instant('2026-03-10T14:00:00.000Z'),
    ...(steps === 'checkedIn' || steps === 'visited' ? { checkin: checkinStep() } : {}),
    ...(steps === 'visited'
      ? {
          checkout: {
            at: instant('2026-03-11T10:40:00.000Z'),
            offline: checkedOutOffline ?? boolean(false),
          },
        }
      : {}),
  },
})

/**
 * How many of the tasks the request matches are in each status (the list's group headings,
 * over the whole list). Asked for one status only (`only`), every other status counts 0 —
 * matched exactly, so a backend counting every task of the agent fails; the state has tasks
 * in other statuses (it says so).
 */
export const taskTotals = (only?: TaskStatusCode) =>
  only
    ? Object.fromEntries(
        TASK_STATUSES.map((status) => [status, status === only ? integer(1) : 0] as const),
      )
    : {
        started: integer(2),
        visited: integer(1),
        validating: integer(1),
        approved: integer(3),
        contested: integer(1),
        canceled: integer(1),
        rejected: integer(1),
      }

export const taskPage = () => ({
  items: eachLike(task()),
  total: integer(10),
  totalsByStatus: taskTotals(),
})

export const opportunity = (status: string | null = null) => ({
  taskId: like('tsk_4822'),
  task: {
    projectName: like('Atendimento em supermercados'),
    clientName: like('Rede Boa Compra'),
    missionTitle: like('Compra na padaria do supermercado'),
    location: location(),
    payoutCents: integer(4000),
    window: { from: instant(), to: instant('2026-03-17T12:00:00.000Z') },
  },
  expiresAt: instant('2026-03-12T12:00:00.000Z'),
  createdAt: instant('2026-03-10T10:00:00.000Z'),
  status: status ?? oneOf(['pending', 'accepted', 'declined', 'expired']),
})

export const cycle = () => ({
  id: like('cyc_farma_2026'),
  startsAt: instant('2026-02-18T12:00:00.000Z'),
  endsAt: instant('2026-04-19T12:00:00.000Z'),
})

export const project = () => ({
  id: like('prj_farma'),
  code: like('FARMA-SP'),
  name: like('Atendimento em farmácias'),
  clientName: like('Rede Saúde Já'),
  cycleId: like('cyc_farma_2026'),
  cycle: cycle(),
  policy: like('Seja discreto durante a visita.'),
})

export const mission = () => ({
  id: like('msn_farma'),
  projectId: like('prj_farma'),
  title: like('Compra de protetor solar'),
  briefing: like('Peça ajuda para escolher um protetor solar.'),
  scenario: like('Você vai viajar para a praia no fim de semana.'),
  formId: like('frm_farma'),
  requirements: {
    minPhotos: integer(2),
    taxReceipt: boolean(true),
    proof: oneOf(['audio', 'testimony', 'either', 'none'], 'either'),
    minAttendants: integer(1),
  },
  checklist: eachLike({ id: like('chk-fachada'), label: like('Fotografar a fachada') }),
  times: eachLike({ code: like('espera'), label: like('Tempo de espera') }),
  visitMaxMinutes: integer(60),
  awards: eachLike({
    code: like('NOTA10'),
    title: like('Atendimento nota 10'),
    prizeCents: integer(5000),
    deptId: like('dep_farma'),
    goal: integer(80),
    criteria: like('Nota da visita de 80 ou mais.'),
  }),
})

export const evaluationForm = () => ({
  id: like('frm_farma'),
  title: like('Avaliação de atendimento em farmácia'),
  pages: eachLike({
    id: like('farma-chegada'),
    title: like('Chegada'),
    questions: eachLike({
      id: like('farma-q1'),
      kind: oneOf(
        ['single', 'multi', 'yesno', 'scale', 'number', 'text', 'time', 'photo'],
        'yesno',
      ),
      text: like('O atendente cumprimentou você ao chegar?'),
      required: boolean(true),
      weight: number(1),
    }),
  }),
})

export const opportunityDetail = () => ({
  opportunity: opportunity('pending'),
  mission: mission(),
  project: project(),
})

// ------------------------------------------------------------------ reports and validation

export const evidence = () => ({
  id: like('evd_4828_1'),
  kind: oneOf(['photo', 'receipt', 'audio']),
  url: like('/api/media/evd_4828_1/content'),
  bytes: integer(180000),
  takenAt: instant('2026-03-11T10:05:00.000Z'),
})

export const attendant = () => ({
  code: like('att_4828_1'),
  name: like('Márcia Andrade'),
  traits: eachLike(like('cordial')),
})

/** A report as the server keeps it; `filled` when answers, evidences… are there. */
export const report = (filled = true) => ({
  id: like('rep_4828'),
  taskId: like('tsk_4828'),
  projectId: like('prj_farma'),
  cycleId: like('cyc_farma_2026'),
  version: integer(3),
  ...(filled
    ? {
        answers: eachLike({ questionId: like('farma-q1'), answeredAt: instant() }),
        attendants: eachLike(attendant()),
        times: eachLike({ code: like('espera'), seconds: integer(240) }),
        checklist: eachLike({ itemId: like('chk-fachada'), checked: boolean(true) }),
        evidences: eachLike(evidence()),
        taxReceipts: eachLike({
          id: like('rcp_4828'),
          evidenceId: like('evd_4828_r'),
          cnpj: regex('^\\d{14}$', '11222333000181'),
          number: like('004211'),
          amountCents: integer(2390),
          issuedAt: calendarDate('2026-03-11'),
        }),
      }
    : {}),
  // The award codes nominated: the app requires the list (it counts the nominations from it,
  // and its check of answers refuses a report without it), which may be empty.
  awards: atLeastLike(like('NOTA10'), 0, 1),
  notes: like('Loja cheia no horário do almoço.'),
  score: number(62.5),
  submittedAt: nullValue(),
})

export const revision = (status: 'open' | 'answered') => ({
  id: like('rev_4830_1'),
  reportId: like('rep_4830'),
  taskId: like('tsk_4830'),
  round: integer(1),
  createdAt: instant(),
  status,
  pendencies: eachLike({
    id: like('pen_4830_1'),
    section: oneOf(REPORT_SECTIONS, 'evidences'),
    message: like('A foto da fachada está desfocada. Envie outra ou explique.'),
    ...(status === 'answered'
      ? {
          resolution: {
            justification: like(
              'A foto foi tirada de frente para a loja, mas o sol atrapalhou; envio a explicação.',
            ),
            at: instant(),
          },
        }
      : {}),
  }),
})

// ------------------------------------------------------------------ notifications

export const notification = (read: boolean | null) => ({
  id: like('ntf_1'),
  slug: like('nova-oportunidade-perto-de-voce-1'),
  kind: oneOf(['task', 'validation', 'payment', 'bulletin', 'system']),
  title: like('Nova oportunidade perto de você'),
  body: like('Há uma nova visita paga na sua região.'),
  createdAt: instant(),
  // A list mixes read and unread ones, with and without a link (the list shows neither):
  // `readAt` and `link` are left out there. One notification is opened: its link is read.
  ...(read === null
    ? {}
    : {
        readAt: read ? instant('2026-03-10T12:30:00.000Z') : nullValue(),
        link: like('/oppy'),
      }),
})

export const bulletin = (read: boolean | null) => ({
  id: like('blt_1'),
  title: like('Novo projeto em Campinas'),
  body: like('A partir da próxima semana teremos visitas em Campinas.'),
  publishedAt: instant(),
  ...(read === null ? {} : { readAt: read ? instant('2026-03-10T12:30:00.000Z') : nullValue() }),
})

// ------------------------------------------------------------------ problems

/**
 * An application/problem+json body with its exact status and code (the app branches on it).
 * No `detail`: it is optional in the spec, and without it the app shows its own pt-BR message
 * for the code (API_ERROR_MESSAGES).
 */
export const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  type: like(`https://avaliador.example/problems/${code.replaceAll('_', '-')}`),
  title: like('Ação não permitida'),
  status,
  code,
  ...extra,
})

/**
 * The field errors of a 422 whose request has one invalid field: each names it by the dotted
 * path the app looks its message up by (`attendants.0.name`, `ApiError.fieldErrors`), matched
 * exactly — a backend answering the JSON pointer `/attendants/0/name`, or another field, fails.
 */
export const fieldErrors = (field: string, message = 'Confira este campo.') =>
  eachLike({ field: regex(`^${escapeRegex(field)}$`, field), message: like(message) })
