/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it
 * even then unless `jitless` is set first. The app runs under `script-src 'self'` (no
 * 'unsafe-eval', see scripts/security-headers.ts), where that probe is a CSP violation: this
 * module turns it off, and the entry point imports it before any schema is built. (zod keeps its
 * config on globalThis: one setting for zod/mini and the fake backend's own copy of classic zod.)
 */
import { config } from 'zod/mini'

config({ jitless: true })
