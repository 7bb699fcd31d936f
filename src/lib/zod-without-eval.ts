/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it
 * even then unless `jitless` is set first. The app runs under `script-src 'self'` (no
 * 'unsafe-eval', see scripts/security-headers.ts), where that probe is a CSP violation: this
 * module turns it off, and the entry point imports it before any schema is built.
 *
 * zod keeps its config on globalThis (`__zod_globalConfig`, which it adopts when it is already
 * there): one setting for zod/mini and the fake backend's own copy of classic zod. It is set
 * here without importing zod, whose core would otherwise be part of the entry (2.4 KiB gzip on
 * /login, which builds no schema); `zod-without-eval.test.ts` fails if zod stops reading it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true }
export {}
