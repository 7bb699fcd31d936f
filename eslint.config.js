// ESLint flat config.
//
// Besides the usual recommended sets, this file enforces the project's import boundaries with
// ESLint's built-in `no-restricted-imports` (regex patterns, no extra plugin):
//
//  1. Preview-only code. Nothing under src/ except src/preview/** may import msw, @msw/data,
//     @faker-js/faker, openapi-msw, or the top-level mocks/ folder. The production bundle must
//     carry none of their bytes (docs/product/preview.md). The app reaches preview code only through a dynamic
//     `import('@/preview/…')`, which this rule does not look at; a static import of
//     `@/preview/…` from outside src/preview is refused for the same reason.
//
//  2. Feature isolation. For every folder src/features/<name> found when ESLint starts, files
//     in it may not import another feature's internals, neither as `@/features/<other>/…` nor
//     by a relative path that climbs into src/features/<other>/…. The public surface of a
//     feature is its `api/` folder: `@/features/<other>/api/<file>` (queryOptions factories and
//     the like) is allowed; the report has a second one, its parts
//     (`@/features/report/parts/<part>/<file>`: each part's editor, rule, copy and summary,
//     which the check-in renders too; `@/features/report/parts/<file>`: the parts' registry).
//     The visit's kit, src/features/visit (no screens: the loader, the outbox's status, the
//     conflict sheet, the media kit), is open whole to the visit's screens (check-in,
//     questionnaire, report, validation: `@/features/visit/<file>`, `…/visit/media/<file>`), to
//     no other feature, and imports none of those four. Anything else shared by several
//     features belongs in src/domain, src/lib or src/components. Relative paths are checked exactly: a file N folders below
//     src/features/<name> reaches src/features with N+1 `../`, so one block is generated per
//     depth (with a depth-agnostic fallback below MAX_DEPTH). A new feature folder is picked
//     up on the next ESLint run (the folder list is read with node:fs at config time).
//
//  3. Pure domain. src/domain/** may not import React, React Router, TanStack, or the app's
//     UI layers (@/features, @/app, @/components) — it is shared with the fake backend.
//
//  4. No barrel files: any src/**/index.ts(x) is reported.
//
//  5. Layers point down only (eslint-plugin-import-x `no-restricted-paths`, resolved by the
//     TypeScript resolver so `@/…` aliases count): app → features → components → lib →
//     domain → api; src/ never reaches mocks/, contracts/, scripts/ or e2e/ (src/preview, the
//     demo's entry, may import mocks/); mocks/ reaches only src/api and src/domain; the visit
//     store's sync engine (outbox.ts, sync.ts) is private to src/lib/visit-store; device media
//     and src/components never import the visit store; the service worker (src/worker) sits beside app and uses
//     only lib, domain and api (no React, no screens), and nothing imports it.
//     docs/architecture.md draws the picture.
//
//  6. No import cycles anywhere (`import-x/no-cycle`), production and test code alike.
//
//  7. The browser floor (package.json's browserslist, docs/decisions/0020-the-browser-floor.md):
//     code that reaches a phone (src/ and the demo's mocks/, not their tests) uses no syntax or
//     built-in a floor browser lacks and the build cannot lower (eslint-plugin-es-x: a regex
//     lookbehind, a class static block, Array.prototype.toSorted…), and no Web or ES API a
//     floor browser lacks unless it is named as feature-detected (eslint-plugin-compat). Both
//     are configured from the floor by scripts/browser-floor.js.
//
// ESLint does not merge the options of one rule across config blocks (the last matching block
// wins), so every block that sets `no-restricted-imports` is given the complete pattern list
// for the files it matches.

import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import compat from 'eslint-plugin-compat'
import esx from 'eslint-plugin-es-x'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { COMPAT_SETTINGS, esxSourceRules, missingStaticApis } from './scripts/browser-floor.js'
import oneOutcome from './scripts/eslint-rules/one-outcome.js'

const SRC_TS = 'src/**/*.{ts,tsx}'

/** es-x rules on methods whose names no other object of the app has (see the floor block). */
const UNIQUE_METHOD_NAMES =
  /^es-x\/no-(array-prototype-(to(reversed|sorted|spliced)|findlast)|string-prototype-(is|to)wellformed)/

/** Escapes a folder name for use inside a RegExp. */
const re = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// ---------------------------------------------------------------------------------------------
// Pattern groups (all `regex` patterns, matched against the import specifier as written)

const PREVIEW_ONLY_MESSAGE =
  'mocks/msw/faker are preview-only; import them from src/preview (the production bundle must not carry them).'

const previewOnlyPatterns = [
  {
    // The app validates with zod/mini (tree-shakes to a few KiB). Classic zod is the fake
    // backend's, installed under its own name so its core never shares a chunk with the app's.
    regex: '^zod(?:-fake-backend)?(?:/(?!mini$|v4/core$).*)?$',
    message:
      "Import 'zod/mini' in the app: classic zod ('zod', 'zod-fake-backend') is the fake backend's and weighs ~15 KiB more.",
  },
  {
    regex: '^(?:msw|@msw/data|@faker-js/faker|openapi-msw)(?:/.*)?$',
    message: PREVIEW_ONLY_MESSAGE,
  },
  {
    // Relative (or absolute) paths with a `mocks` folder in them: the top-level mocks/ folder is
    // only reachable from src/ by climbing out with ../
    regex: '^\\.{0,2}/(?:.*/)?mocks(?:/.*)?$',
    message: PREVIEW_ONLY_MESSAGE,
  },
]

const STATIC_PREVIEW_MESSAGE =
  "Load preview code only with a dynamic import('@/preview/…') so it stays out of the production bundle."

const staticPreviewImportPatterns = [
  { regex: '^@/preview(?:/.*)?$', message: STATIC_PREVIEW_MESSAGE },
]

/**
 * The visit's kit (`src/features/visit`: the loader, the outbox's status, the conflict sheet,
 * the media kit): a feature with no screens whose every file is its door, `visit/<file>` and
 * `visit/media/<file>`, for the visit's screens only. It imports none of them.
 */
const VISIT_KIT = 'visit'
const VISIT_SCREENS = ['checkin', 'questionnaire', 'report', 'validation']

/** Imports that leave src/features/<name> for another feature's internals. */
function featurePatterns(name, others, depth) {
  if (others.length === 0) return []
  const notSelf = `(?!${re(name)}(?:/|$))[^/]+`
  // After `<other>`: nothing (its folder/barrel), or anything except `/api/<file>` and, for
  // the report, `/parts/<part>/<file>` (each part of the report owns its editor, which the
  // check-in renders too: docs/architecture.md), and for a visit screen the visit's kit.
  const kitDoor = VISIT_SCREENS.includes(name) ? `|(?<=/${re(VISIT_KIT)}/)(?:media/)?[^/]+$` : ''
  const tail = `(?:/(?!(?<!/${re(VISIT_KIT)}/)api/[^/]+$|(?<=/report/)parts/(?:[^/]+/)?[^/]+$${kitDoor}).*)?$`
  const message = `Features are isolated: import another feature only through its public '@/features/<feature>/api/<file>', a part of the report through '@/features/report/parts/<part>/<file>', or (from a visit screen: ${VISIT_SCREENS.join(', ')}) the visit's kit through '@/features/visit/<file>' (shared code goes in src/domain, src/lib or src/components).`
  const otherAlt = `(?:${others.map(re).join('|')})`
  const patterns = [
    { regex: `^@/features/${notSelf}${tail}`, message },
    // Relative paths that climb out of src/ and come back in through a folder named `features`.
    { regex: `^(?:\\.\\./)+(?:.*/)?features/${notSelf}${tail}`, message },
  ]
  patterns.push(
    depth === undefined
      ? // Fallback for very deep files: any climb that lands on a sibling feature's name.
        { regex: `^(?:\\.\\./)+${otherAlt}${tail}`, message }
      : // Exactly depth+1 `../` lands in src/features/.
        { regex: `^(?:\\.\\./){${depth + 1}}${otherAlt}${tail}`, message },
  )
  if (name === VISIT_KIT) {
    // The kit is below the visit's screens: none of them, not even their doors.
    const screens = `(?:${VISIT_SCREENS.map(re).join('|')})(?:/.*)?$`
    const kitMessage = `The visit's kit (src/features/visit) is shared by the visit's screens (${VISIT_SCREENS.join(', ')}) and imports none of them: what it needs of them belongs in the kit.`
    patterns.push(
      { regex: `^@/features/${screens}`, message: kitMessage },
      { regex: `^(?:\\.\\./)+(?:.*/)?features/${screens}`, message: kitMessage },
      depth === undefined
        ? { regex: `^(?:\\.\\./)+${screens}`, message: kitMessage }
        : { regex: `^(?:\\.\\./){${depth + 1}}${screens}`, message: kitMessage },
    )
  }
  return patterns
}

const DOMAIN_MESSAGE =
  'src/domain stays pure (shared with the fake backend): no React, router, TanStack or UI layers here.'

const domainPatterns = [
  {
    regex: '^(?:react|react-dom|react-router|react-router-dom|@tanstack/[^/]+)(?:/.*)?$',
    message: DOMAIN_MESSAGE,
  },
  { regex: '^@/(?:features|app|components)(?:/.*)?$', message: DOMAIN_MESSAGE },
  { regex: '^(?:\\.\\./)+(?:features|app|components)(?:/.*)?$', message: DOMAIN_MESSAGE },
]

const workerPatterns = [
  {
    regex: '^(?:react|react-dom|react-router|react-router-dom|@tanstack/[^/]+)(?:/.*)?$',
    message:
      'The service worker has no React, router or query cache: it sends and shows with src/lib.',
  },
]

const restrict = (...groups) => ['error', { patterns: groups.flat() }]

// ---------------------------------------------------------------------------------------------
// Feature blocks, generated from the folders present under src/features

const FEATURES_DIR = new URL('./src/features/', import.meta.url)
let features = []
try {
  features = readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
} catch {
  // No src/features yet: nothing to isolate.
}

const MAX_DEPTH = 8
const featureBlocks = features.flatMap((name) => {
  const others = features.filter((f) => f !== name)
  const base = `src/features/${name}`
  const blocks = []
  for (let depth = 0; depth <= MAX_DEPTH; depth++) {
    blocks.push({
      name: `avaliador/feature-isolation/${name}/depth-${depth}`,
      files: [`${base}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': restrict(
          previewOnlyPatterns,
          staticPreviewImportPatterns,
          featurePatterns(name, others, depth),
        ),
      },
    })
  }
  blocks.push({
    name: `avaliador/feature-isolation/${name}/deeper`,
    files: [`${base}/${'*/'.repeat(MAX_DEPTH + 1)}**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(
        previewOnlyPatterns,
        staticPreviewImportPatterns,
        featurePatterns(name, others, undefined),
      ),
    },
  })
  return blocks
})

// ---------------------------------------------------------------------------------------------
// Layers (rule 5) and cycles (rule 6)

const LAYERS = ['api', 'domain', 'lib', 'components', 'features', 'app']
const OUTSIDE_SRC = ['./mocks', './contracts', './scripts', './e2e']
const LAYER_MESSAGE =
  'Layers point down only: app → features → components → lib → domain → api (docs/architecture.md).'

/** `src/<layer>` may not import the layers above it, src/preview, src/test or the top-level tools. */
const layerZones = LAYERS.map((layer, i) => ({
  target: `./src/${layer}`,
  from: [
    ...LAYERS.slice(i + 1)
      .filter((above) => !(layer === 'app' && above === 'preview'))
      .map((above) => `./src/${above}`),
    ...(layer === 'app' ? [] : ['./src/preview']),
    './src/worker',
    './src/test',
    ...OUTSIDE_SRC,
  ],
  message: LAYER_MESSAGE,
}))

const boundaryZones = [
  ...layerZones,
  {
    target: './src/preview',
    from: ['./contracts', './scripts', './e2e', './src/test'],
    message: 'The demo entry may use mocks/, never the test or contract tooling.',
  },
  {
    target: './src/worker',
    from: [
      './src/app',
      './src/features',
      './src/components',
      './src/preview',
      './src/test',
      ...OUTSIDE_SRC,
    ],
    message:
      'The service worker runs no screens and no React: it uses src/lib, src/domain and src/api only.',
  },
  {
    target: ['./src/preview'],
    from: './src/worker',
    message: 'Nothing imports the service worker: the browser loads it.',
  },
  {
    target: ['./src/app', './src/features', './src/components', './src/preview', './src/worker'],
    from: ['./src/lib/visit-store/outbox.ts', './src/lib/visit-store/sync.ts'],
    message:
      'The outbox and the sync loop are the visit store’s own: use store.ts (writes), hooks.ts (reads) or sync-provider.tsx.',
  },
  {
    target: './src/components',
    from: './src/lib/visit-store',
    message:
      'src/components is UI with no visit knowledge: what reads or writes the visit store belongs to a feature (the visit’s kit, src/features/visit, or the report’s parts).',
  },
  {
    target: './src/lib/device-media',
    from: './src/lib/visit-store',
    message: 'Device media (camera, images, audio) knows nothing of visits.',
  },
  {
    target: './mocks',
    from: [
      './src/lib',
      './src/components',
      './src/features',
      './src/app',
      './src/preview',
      './src/test',
      './contracts',
      './scripts',
      './e2e',
    ],
    message: 'The fake backend shares only src/api (types) and src/domain (rules) with the app.',
  },
  {
    target: './contracts',
    from: ['./scripts', './e2e', './src/app', './src/preview'],
    message: 'Contract tests call the app’s API code (features, lib), not its screens or tools.',
  },
  { target: './scripts', from: './e2e', message: 'Scripts do not depend on end-to-end tests.' },
]

const importResolver = createTypeScriptImportResolver({ project: './tsconfig.json' })

// ---------------------------------------------------------------------------------------------
// One way to do each job (docs/architecture.md's table names the check of each row). Rules of
// our own, in the plugin `one-way`, one per job: each reports a list of AST selectors with one
// message, as `no-restricted-syntax` does, but under its own name, so its files and the one
// module allowed to do the job never replace another block's options (ESLint does not merge
// one rule's options across blocks). Regular expressions in selectors spell `/` as \x2F:
// esquery's own literal cannot hold one.

/** A rule that reports every node matching one of `selectors` with `message`. */
function selectorRule(message, selectors) {
  return {
    meta: { type: 'problem', schema: [], messages: { oneWay: message } },
    create: (context) =>
      Object.fromEntries(
        selectors.map((selector) => [
          selector,
          (node) => context.report({ node, messageId: 'oneWay' }),
        ]),
      ),
  }
}

/**
 * Each job: its rule's name, where it holds (the app's production code unless `files` says
 * more, or `only` says where instead), the files allowed to do it the raw way (the one way
 * itself), and what is refused.
 */
const ONE_WAY_JOBS = [
  {
    // A visit screen waiting on the write it queued (the submission, the pendencies' answers,
    // the check-out, the check-in). `only`: the visit's screens, where it is the job.
    rule: 'queued-write',
    only: VISIT_SCREENS.map((feature) => `src/features/${feature}/**/*.{ts,tsx}`),
    allowed: [],
    message:
      "Follow a queued write with useOutboxItem (src/features/visit/use-outbox-item.ts): pending, sent, or refused with the server's answer and its fix. What the server says once it is sent is refreshed by the sync loop (queriesChangedBy, src/lib/visit-store/sync.ts), in every tab: never by the screen.",
    selectors: [
      "CallExpression[callee.property.name='invalidateQueries']",
      // Picking the write out of the outbox by hand, and deciding its refusal by hand.
      "CallExpression[callee.property.name=/^(find|findLast|some|filter|every)$/][callee.object.property.name='items']",
      "CallExpression[callee.name='refusalOf']",
    ],
  },
  {
    rule: 'permissions',
    allowed: ['src/lib/device-media/device-permissions.ts'],
    message:
      'Read permissions through src/lib/device-media/device-permissions.ts (permissionStatus, locationPermission, useDevicePermission): the one module that reads the Permissions API.',
    selectors: [
      "MemberExpression[property.name='permissions'][object.name='navigator']",
      "MemberExpression[property.name='permissions'][object.property.name='navigator']",
      "VariableDeclarator[init.name='navigator'] > ObjectPattern > Property[key.name='permissions']",
    ],
  },
  {
    rule: 'clock',
    allowed: ['src/lib/clock.ts'],
    message:
      'Take the time from src/lib/clock.ts: appNow()/appDate() for a time the agent reads or the server receives, deviceNow()/deviceDate() for a timer, a length or an order on this phone (Date.now() and new Date() are read there only).',
    selectors: [
      "NewExpression[callee.name='Date'][arguments.length=0]",
      "CallExpression[callee.object.name='Date'][callee.property.name='now']",
      "CallExpression[callee.name='Date']",
    ],
  },
  {
    // A path is a string starting with `/` and a letter that has something put into it.
    rule: 'links',
    allowed: ['src/lib/route-patterns.ts'],
    message:
      "Build an in-app link with pathTo('/tasks/:slug/…', { slug }) (src/lib/route-patterns.ts): each parameter encoded, the pattern one the router has.",
    selectors: [
      'TemplateLiteral[expressions.length>0][quasis.0.value.raw=/^\\x2F[a-z]/]',
      "BinaryExpression[operator='+'][left.type='Literal'][left.value=/^\\x2F[a-z]/]",
    ],
  },
  {
    // `n === 1 ? 'foto' : 'fotos'`, `n !== 1 ? …`, `1 === n ? …`: a choice of words by whether
    // a number is one (not of elements: `errors.length === 1 ? <p/> : <ul/>` passes).
    rule: 'plural',
    files: ['mocks/**/*.ts'],
    allowed: ['src/domain/plural.ts', 'mocks/**/*.test.ts'],
    message:
      "Write a pt-BR plural with count(n, 'foto', 'fotos') or plural(n, 'Resta', 'Restam') (src/domain/plural.ts).",
    selectors: [
      "ConditionalExpression[test.operator=/^[!=]==?$/]:matches([test.right.value=1], [test.left.value=1]):matches([consequent.type='Literal'], [consequent.type='TemplateLiteral'], [alternate.type='Literal'], [alternate.type='TemplateLiteral'], [consequent.type='Identifier'][alternate.type='Identifier'])",
    ],
  },
  {
    rule: 'position',
    // The demo's fake device stands in for the browser's Geolocation.
    allowed: ['src/lib/device-media/location.ts', 'src/preview/demo-device.ts'],
    message:
      'Read the position with readPosition (src/lib/device-media/location.ts): one option set, one error mapping.',
    selectors: ["MemberExpression[property.name='geolocation']"],
  },
  {
    rule: 'connectivity',
    allowed: ['src/lib/connectivity.ts'],
    message:
      'Ask isOnline() or useOnline (src/lib/connectivity.ts): navigator.onLine alone says "online" on a dead Wi-Fi.',
    selectors: ["MemberExpression[property.name='onLine']"],
  },
  {
    rule: 'device-errors',
    allowed: ['src/lib/device-media/device-errors.ts'],
    message:
      'Map a camera or microphone error with deviceProblemOf (src/lib/device-media/device-errors.ts): one pt-BR message per case.',
    selectors: [
      'Literal[value=/^(NotAllowedError|NotFoundError|NotReadableError|OverconstrainedError)$/]',
    ],
  },
  {
    rule: 'push',
    // The worker's pushsubscriptionchange reads the browser's new subscription.
    allowed: ['src/lib/push.ts', 'src/worker/sw.ts'],
    message:
      'Subscribe and unsubscribe with src/lib/push.ts (subscribeDevice, unsubscribeDevice; useDevicePush in screens): it keeps the server told.',
    selectors: ["MemberExpression[property.name='pushManager']"],
  },
  {
    rule: 'upload',
    allowed: ['src/lib/visit-store/upload.ts'],
    message:
      'Upload with uploadWithProgress (src/lib/visit-store/upload.ts): the one upload path, with progress and the outbox’s key.',
    selectors: ["NewExpression[callee.name='XMLHttpRequest']"],
  },
  {
    rule: 'device-storage',
    // The demo's own knobs (its fake device, its world) are not the agent's to keep.
    allowed: ['src/lib/device-storage.ts', 'src/preview/**'],
    message:
      'Write what the phone must keep with deviceStorage (src/lib/device-storage.ts): localStorage alone loses a write when the app is killed.',
    selectors: [
      "CallExpression[callee.object.name='localStorage'][callee.property.name=/^(setItem|removeItem|clear)$/]",
      "CallExpression[callee.object.property.name='localStorage'][callee.property.name=/^(setItem|removeItem|clear)$/]",
    ],
  },
  {
    rule: 'query-persistence',
    allowed: ['src/lib/query-persistence.ts'],
    message:
      'Keep server answers on the phone with restoreAndPersistQueries (src/lib/query-persistence.ts).',
    selectors: ['ImportDeclaration[source.value=/^@tanstack\\x2Fquery-persist/]'],
  },
  {
    rule: 'service-worker',
    allowed: ['src/lib/app-update.ts'],
    message:
      'Register the service worker with registerServiceWorker (src/lib/app-update.ts), after the first screen.',
    selectors: [
      "CallExpression[callee.property.name='register'][callee.object.property.name='serviceWorker']",
    ],
  },
  {
    rule: 'icons',
    allowed: ['src/components/icons.tsx'],
    message: 'Draw an icon with src/components/icons.tsx.',
    selectors: ["JSXOpeningElement[name.name='svg']"],
  },
  {
    rule: 'typed-dates',
    allowed: ['src/components/date-field.tsx'],
    message:
      'Ask for a date, a time or a duration with DateField / DateTimeField / DurationField (src/components/date-field.tsx): typed with digits, the same on every phone.',
    selectors: [
      "JSXAttribute[name.name='type'][value.value=/^(date|time|datetime-local|month|week)$/]",
    ],
  },
]

const oneWay = {
  meta: { name: 'one-way' },
  rules: Object.fromEntries(
    ONE_WAY_JOBS.map(({ rule, message, selectors }) => [rule, selectorRule(message, selectors)]),
  ),
}

/** Tests set up what they need the raw way. */
const ONE_WAY_IGNORES = ['src/**/*.test.{ts,tsx}', 'src/test/**']

// ---------------------------------------------------------------------------------------------

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    'coverage/',
    'test-results/',
    'playwright-report/',
    'public/preview/mockServiceWorker.js',
    'src/api/*.gen.ts',
    'contracts/pacts/',
  ]),

  {
    name: 'avaliador/base',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'avaliador/typescript',
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
    },
  },

  // Environments: the app runs in the browser; mocks/ runs both in a service worker (preview)
  // and in Node (serve.ts, contracts); everything else at the top level is Node tooling.
  {
    name: 'avaliador/globals/browser',
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'avaliador/globals/worker',
    files: ['src/worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    name: 'avaliador/globals/mocks',
    files: ['mocks/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker, ...globals.node } },
  },
  {
    name: 'avaliador/globals/node',
    files: ['scripts/**', 'contracts/**', 'e2e/**', '*.config.{js,ts}', 'vitest.setup.*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    name: 'avaliador/globals/public',
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },

  // React hooks (incl. the React Compiler rules of v7) on the app's components and hooks.
  // Custom hooks often live in .ts files (src/lib/use-online.ts), so .ts is included; the rules only act on
  // functions shaped like components or hooks.
  {
    name: 'avaliador/react-hooks',
    files: [SRC_TS],
    ...reactHooks.configs.flat.recommended,
  },

  // 1. Preview-only libraries, everywhere in src/ except src/preview.
  {
    name: 'avaliador/boundaries/preview-only',
    files: [SRC_TS],
    ignores: ['src/preview/**'],
    rules: {
      'no-restricted-imports': restrict(previewOnlyPatterns, staticPreviewImportPatterns),
    },
  },

  // 2. Feature isolation (generated; see the comment at the top).
  ...featureBlocks,

  // 3. Pure domain.
  {
    name: 'avaliador/boundaries/domain',
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        previewOnlyPatterns,
        staticPreviewImportPatterns,
        domainPatterns,
      ),
    },
  },

  // The service worker: no React, router or TanStack (the layers zone keeps the screens out).
  {
    name: 'avaliador/boundaries/worker',
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        previewOnlyPatterns,
        staticPreviewImportPatterns,
        workerPatterns,
      ),
    },
  },

  // Storage keys come from the one registry (src/lib/storage-keys.ts) that sign-out walks: a
  // key spelled anywhere else would be left behind on the device of an agent who signed out.
  {
    name: 'avaliador/storage-keys',
    files: [SRC_TS],
    ignores: ['src/lib/storage-keys.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^avaliador[.-]/]', 'TemplateElement[value.raw=/^avaliador[.-]/]'].map(
          (selector) => ({
            selector,
            message:
              'Build device storage keys and database names with src/lib/storage-keys.ts (sign-out walks that registry).',
          }),
        ),
      ],
    },
  },

  // The fake backend tells an agent something through mocks/notify.ts only (it stores the
  // notification and pushes it): a notification written straight into the database would
  // never reach the agent's phone. The seed writes the history, which is not news.
  {
    name: 'avaliador/fake-backend/notify',
    files: ['mocks/**/*.ts'],
    ignores: ['mocks/notify.ts', 'mocks/seed/**', 'mocks/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='create'][callee.object.property.name=/^(notifications|bulletins)$/]",
          message:
            'Create notifications and bulletins with notifyAgent / announceBulletin (mocks/notify.ts): they are also pushed to the agent’s devices.',
        },
      ],
    },
  },

  // 4. No barrel files.
  {
    name: 'avaliador/no-barrels',
    files: ['src/**/index.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'No barrel files: name the module after what it holds and import it directly (src/**/index.ts(x) is not allowed).',
        },
      ],
    },
  },

  // 5. Tests in src/ run the screens and rules against the fake backend in Node, so they may
  // import mocks/ and msw (they never reach a bundle). Production files keep every boundary.
  {
    name: 'avaliador/boundaries/tests',
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },

  // 5 and 6. Layers and cycles, on every TypeScript file (tests may cross layers: a test of
  // a lib module may render a route; they still may not form cycles).
  {
    name: 'avaliador/import-x',
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importResolver] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  // 7. A test waits for the one outcome the screen must show, never for "A or B" and then
  // asserts A (issue 39: that passes on a warm machine only). scripts/eslint-rules/one-outcome.js
  {
    name: 'avaliador/tests/one-outcome',
    files: ['**/*.test.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { avaliador: { rules: { 'one-outcome': oneOutcome } } },
    rules: { 'avaliador/one-outcome': 'error' },
  },
  // End-to-end specs run in several workers, each with a fake backend of its own: `test` comes
  // from e2e/support/test.ts, whose `baseURL` is the worker's (decision 0024). Playwright's own
  // would talk to the first worker's server from every worker.
  {
    name: 'avaliador/e2e/worker-backend',
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts', 'e2e/engines/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Take `test` (or `backendTest`) from './support/test': its baseURL is this worker's own fake backend.",
            },
          ],
        },
      ],
    },
  },
  {
    name: 'avaliador/import-x/tests',
    files: ['**/*.test.{ts,tsx}', 'src/test/**', 'e2e/**', 'contracts/**', 'mocks/testing/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },

  // 7. The browser floor (see the top).
  {
    name: 'avaliador/browser-floor',
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**', 'mocks/testing/**'],
    plugins: { 'es-x': esx, compat },
    settings: COMPAT_SETTINGS,
    rules: {
      ...Object.fromEntries(
        Object.entries(esxSourceRules(esx)).map(([rule, level]) => [
          rule,
          // A method only arrays and strings have (`.toSorted()`) is refused on any object: the
          // lint has no types to tell an array. Others (`.map()` of an iterator, a Set's
          // `.union()`) share their names with arrays and zod: refused where es-x sees the type.
          UNIQUE_METHOD_NAMES.test(rule) ? [level, { aggressive: true }] : level,
        ]),
      ),
      'compat/compat': 'error',
      // Static members (AbortSignal.any, URL.canParse), which eslint-plugin-compat misses.
      'no-restricted-properties': ['error', ...missingStaticApis()],
    },
  },

  // The browser check (inline in every document) runs before any module, on browsers far
  // below the floor, to say so: ES5 only (scripts/check-floor.ts checks what the build made).
  {
    name: 'avaliador/floor-check',
    files: ['src/app/floor-check.js'],
    plugins: { 'es-x': esx },
    languageOptions: {
      ecmaVersion: 5,
      sourceType: 'script',
      globals: { ...globals.browser, __FLOOR__: 'readonly' },
    },
    rules: {
      ...esx.configs['flat/restrict-to-es5'].rules,
      '@typescript-eslint/no-unused-vars': ['error', { caughtErrorsIgnorePattern: '^_' }],
    },
  },

  // One way to do each job (the `one-way` plugin above; docs/architecture.md): one block each.
  ...ONE_WAY_JOBS.map(({ rule, files = [], only, allowed }) => ({
    name: `avaliador/one-way/${rule}`,
    files: only ?? [SRC_TS, ...files],
    ignores: [...ONE_WAY_IGNORES, ...allowed],
    plugins: { 'one-way': oneWay },
    rules: { [`one-way/${rule}`]: 'error' },
  })),
])
