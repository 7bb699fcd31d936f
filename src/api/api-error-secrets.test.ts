import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { createApiClient, data } from './client'

const TOKEN = 'ses_S3cr3tT0k3n'

/** Every way an error can end up in front of a person or in a log. */
function everyRendering(error: ApiError) {
  return [
    String(error),
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    JSON.stringify(error.problem ?? {}),
    inspect(error, { depth: 10, showHidden: true }),
  ].join('\n')
}

async function failedCall(response: () => Response | Promise<Response>) {
  const sent: Request[] = []
  let expired: ApiError | undefined
  const client = createApiClient({
    baseUrl: 'https://api.avaliador.test/api',
    getToken: () => TOKEN,
    onSessionExpired: (error) => (expired = error),
    fetch: () => async (input) => {
      sent.push(input as Request)
      return response()
    },
  })
  const error = await data(client.GET('/me')).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  // The token did go out, in the header and only there.
  expect(sent[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`)
  expect(sent[0]?.url).not.toContain(TOKEN)
  return { error: error as ApiError, expired }
}

const problem = (status: number, code: string) =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: 'Erro', status, code, detail: 'Falhou.' }),
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  )

describe('an ApiError never carries the session token', () => {
  it.each([
    ['a server problem', () => problem(500, 'internal_error')],
    ['a validation problem', () => problem(422, 'validation_failed')],
    ['a body that is not a problem', () => new Response('<html>oops</html>', { status: 502 })],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s', async (_label, response) => {
    const { error } = await failedCall(response)
    expect(everyRendering(error)).not.toContain(TOKEN)
  })

  it('a 401 (session expired), including the error handed to the sign-out', async () => {
    const { error, expired } = await failedCall(() => problem(401, 'session_expired'))
    expect(error.code).toBe('session_expired')
    expect(expired).toBe(error)
    expect(everyRendering(error)).not.toContain(TOKEN)
  })
})
