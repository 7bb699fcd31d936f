import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { REDACTED, redactSecrets } from './redact-secrets'

describe('redactSecrets', () => {
  it('removes a known token wherever it appears', () => {
    expect(redactSecrets('falhou para ses_Ab3dEf9hJk em /me', ['ses_Ab3dEf9hJk'])).toBe(
      `falhou para ${REDACTED} em /me`,
    )
  })

  it('removes anything shaped like a credential', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZ3RfMSJ9.c2lnbmF0dXJl'
    const text = [
      'Authorization: Bearer opaque.token-value_1',
      'Basic dXNlcjpwYXNz',
      `jwt ${jwt}`,
      'GET https://api.example/v1/x?token=abc123&page=2',
      '/login/allow?otp=482913',
      '{"token":"t0k3n","agentId":"agt_1"}',
      `opaco ${'a1B2'.repeat(12)}`,
    ].join('\n')
    const out = redactSecrets(text)
    for (const secret of ['opaque.token-value_1', 'dXNlcjpwYXNz', jwt, 'abc123', '482913', 't0k3n'])
      expect(out).not.toContain(secret)
    expect(out).not.toContain('a1B2a1B2a1B2')
    expect(out).toContain('page=2')
    expect(out).toContain('"agentId":"agt_1"')
  })

  it('keeps what support needs readable: routes, request ids, UUIDs, stack frames, codes', () => {
    const text = [
      'Requisição: GET /tasks/{id} → 500 (internal_error)',
      'ID da requisição: req_k2j4h5l6',
      'Chave: 3f2b7c1e-8a4d-4e6f-9b0a-1c2d3e4f5a6b',
      'at render (http://127.0.0.1:4173/assets/start-app-BYlisopn.js:1:2216)',
      'Rota: /tasks/T-4827/validation/evidences',
      '{"code":"otp_invalid"}',
    ].join('\n')
    expect(redactSecrets(text, [null, undefined, ''])).toBe(text)
  })

  it('removes each whole run of 40 or more token characters, and nothing around it', () => {
    // The reference, without a regular expression: each longest run of [A-Za-z0-9_-].
    const isRunChar = (c: string) => /[\w-]/.test(c)
    const reference = (text: string) => {
      let out = ''
      let run = ''
      for (const c of [...text, '']) {
        if (c && isRunChar(c)) {
          run += c
          continue
        }
        out += (run.length >= 40 ? REDACTED : run) + c
        run = ''
      }
      return out
    }
    // Letters that spell no other shape (Bearer, eyJ…, token=, "token"): only this rule acts.
    const piece = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abc12_-'), minLength: 1, maxLength: 90 }),
      fc.constantFrom(' ', '.', '/', ':', 'ç', '\n', '(', 'é'),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('')
        expect(redactSecrets(text)).toBe(reference(text))
      }),
    )
  })

  it('keeps the character before a long run and redacts runs side by side', () => {
    const long = 'x'.repeat(40)
    expect(redactSecrets(`${long} ${long}/${long}`)).toBe(`${REDACTED} ${REDACTED}/${REDACTED}`)
    expect(redactSecrets(`ação:${long}-`)).toBe(`ação:${REDACTED}`)
    expect(redactSecrets('y'.repeat(39))).toBe('y'.repeat(39))
  })
})
