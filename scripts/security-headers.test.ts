import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  CSP_DIRECTIVES_ALL_ENGINES,
  securityHeaders,
} from './security-headers'

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((d) => {
      const [name, ...sources] = d.split(' ')
      return [name!, sources]
    }),
  )

describe('the production security headers', () => {
  it('allow scripts from the app only, and forbid plugins, <base> and framing', () => {
    const csp = directives(contentSecurityPolicy())
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(csp['base-uri']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(contentSecurityPolicy()).not.toMatch(/unsafe-(inline|eval)|\*/)
  })

  it('let a deployment name the API origin for calls and media, nothing more', () => {
    const csp = directives(contentSecurityPolicy({ apiOrigin: 'https://api.example/v1' }))
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example'])
    expect(csp['img-src']).toContain('https://api.example')
    expect(csp['script-src']).toEqual(["'self'"])
  })

  it('allow the documents’ inline browser check and styles by their hashes only', () => {
    const csp = directives(
      contentSecurityPolicy({ scriptHashes: ["'sha256-check='"], styleHashes: ["'sha256-css='"] }),
    )
    expect(csp['script-src']).toEqual(["'self'", "'sha256-check='"])
    expect(csp['style-src']).toEqual(["'self'", "'sha256-css='"])
  })

  it('use only directives every engine understands (WebKit logs an error for manifest-src)', () => {
    const names = Object.keys(directives(contentSecurityPolicy({ apiOrigin: 'https://a.example' })))
    expect(names.filter((name) => !CSP_DIRECTIVES_ALL_ENGINES.includes(name))).toEqual([])
    expect(names).not.toContain('manifest-src')
  })

  it('come with nosniff, no referrer and the device features a visit needs', () => {
    const headers = securityHeaders()
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('no-referrer')
    expect(headers['Permissions-Policy']).toMatch(
      /camera=\(self\).*microphone=\(self\).*geolocation=\(self\)/,
    )
  })
})
