/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it
 * even then unless `jitless` is set first. The app runs under `script-src 'self'` (no
 * 'unsafe-eval', see scripts/security-headers.ts), where that probe is a CSP violation: this
 * module turns it off, and the entry point imports it before any schema is built.
 */
import { config } from 'zod'

config({ jitless: true })
