/**
 * The one error type every API call rejects with. Server problems (application/problem+json)
 * keep their code and fields; the client adds its own codes for what never reached a server.
 */
import type { Problem, ProblemCode } from './entities'

/**
 * What never got a server's answer: no connection at all (`offline`), a transfer cut while
 * the server stays reachable (`transfer_interrupted`: an upload on a weak uplink), no answer
 * in time (`timeout`), or an answer the app cannot use.
 */
export type ClientErrorCode =
  'offline' | 'transfer_interrupted' | 'timeout' | 'invalid_response' | 'server_error'
export type ApiErrorCode = ProblemCode | ClientErrorCode

export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: ApiErrorCode
  readonly problem: Problem | undefined
  readonly requestId: string | undefined
  readonly method: string
  readonly path: string
  /**
   * How long the server asked to wait before trying again (`Retry-After`, read by
   * ./retry-after.ts: bounded, clock-skew safe), when it said.
   */
  readonly retryAfterMs: number | undefined

  constructor(init: {
    status: number
    code: ApiErrorCode
    message: string
    problem?: Problem
    method: string
    path: string
    retryAfterMs?: number
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.problem = init.problem
    this.requestId = init.problem?.requestId
    this.method = init.method
    this.path = init.path
    this.retryAfterMs = init.retryAfterMs
  }

  /** Field errors from a 422, keyed by the field path (`attendants.0.name`). */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.problem?.fields ?? []).map((f) => [f.field, f.message]))
  }

  /**
   * True when retrying later may work (no connection, timeout, 5xx, 429, the same key still
   * being processed by the server), and for a success
   * whose body could not be used (a proxy's or captive portal's HTML page, a body that broke
   * the contract): whether a write took effect is then unknown, so a retry keeps its
   * Idempotency-Key and a queued write stays queued.
   */
  get isTransient(): boolean {
    return (
      this.code === 'offline' ||
      this.code === 'transfer_interrupted' ||
      this.code === 'timeout' ||
      this.status >= 500 ||
      this.status === 429 ||
      this.code === 'idempotency_key_in_use' ||
      (this.code === 'invalid_response' && this.status >= 200 && this.status < 300)
    )
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** pt-BR fallback message for each code, used when the server sent no `detail`. */
export const API_ERROR_MESSAGES: Record<ApiErrorCode, string> = {
  offline: 'Sem conexão. Verifique a internet e tente de novo.',
  transfer_interrupted: 'A conexão caiu no meio do envio. Tentando de novo em instantes.',
  timeout: 'O servidor demorou para responder. Tente de novo.',
  invalid_response: 'O servidor respondeu algo inesperado. Tente de novo em instantes.',
  server_error: 'O servidor está com problemas. Tente de novo em instantes.',
  validation_failed: 'Confira os campos destacados.',
  not_found: 'Não encontramos o que você procurou.',
  session_expired: 'Sua sessão expirou. Entre novamente.',
  unauthorized: 'Entre com seu celular para continuar.',
  transition_refused: 'Esta ação não é permitida agora.',
  stale_version: 'O relatório foi alterado em outro lugar.',
  already_checked_in: 'O check-in desta visita já foi feito.',
  outside_radius: 'Você está fora do raio do local.',
  weak_gps_signal: 'Sinal de GPS fraco. Vá para um lugar aberto e tente de novo.',
  opportunity_expired: 'Esta oportunidade expirou.',
  date_outside_window: 'Escolha uma data dentro do período permitido.',
  deadline_passed: 'O prazo desta tarefa já passou.',
  report_incomplete: 'O questionário tem páginas incompletas.',
  award_below_goal: 'A nota da visita não alcança a meta do prêmio.',
  award_already_given: 'Este prêmio já foi indicado.',
  insufficient_balance: 'Saldo insuficiente para este saque.',
  bank_info_missing: 'Cadastre seus dados bancários antes de sacar.',
  otp_invalid: 'Código incorreto.',
  otp_expired: 'Este código expirou. Peça um novo.',
  otp_locked: 'Muitas tentativas. Peça um novo código.',
  otp_resend_locked: 'Aguarde para pedir outro código.',
  activation_invalid: 'Este link de ativação não é válido.',
  activation_expired: 'Este link de ativação expirou.',
  file_too_large: 'O arquivo é grande demais.',
  body_too_large: 'O envio é grande demais.',
  unsupported_media_type: 'Tipo de arquivo não aceito.',
  maintenance: 'O servidor está em manutenção. Voltamos em breve.',
  internal_error: 'O servidor está com problemas. Tente de novo em instantes.',
  idempotency_key_reused: 'Este envio não pôde ser repetido. Tente de novo.',
  idempotency_key_in_use: 'Este envio ainda está sendo processado. Aguarde um instante.',
}

/**
 * What to tell the agent. A 422 whose fields the screen does not mark says what to change in
 * them (the server's words per field) instead of "Confira os campos destacados".
 */
export function apiErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Algo deu errado. Tente de novo.'
  const fields = error.code === 'validation_failed' ? error.problem?.fields : undefined
  return fields?.length ? fields.map((f) => f.message).join(' ') : error.message
}
