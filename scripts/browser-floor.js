/**
 * The floor: the oldest browsers the app supports, declared once in package.json's
 * `browserslist` (docs/decisions/0020-the-browser-floor.md), and what follows from it. Plain
 * JavaScript because eslint.config.js imports it too (vite.config.ts and the scripts import it
 * with its types, browser-floor.d.ts):
 *
 * - `floorVersions()`: the oldest version of each browser, by MDN browser-compat-data's name;
 * - `buildTargets()`: the build's JavaScript and CSS target (vite.config.ts): syntax the
 *   floor lacks is lowered by the build (Oxc), CSS by Lightning CSS;
 * - `floorLacks(feature)`: which floor browsers lack a browser-compat-data feature;
 * - `esxRules()`: eslint-plugin-es-x rules refusing the syntax and built-ins the floor lacks,
 *   for src/, mocks/ and the built files (scripts/check-floor.ts);
 * - `COMPAT_SETTINGS`: eslint-plugin-compat's settings (it reads the same browserslist): the
 *   APIs the app uses only where it finds them.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import browserslist from 'browserslist'

const require = createRequire(import.meta.url)
/** @type {any} */
const bcd = require('@mdn/browser-compat-data')

// A path, not a URL: under jsdom (the DOM tests) `URL` is jsdom's, which node:fs refuses.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')

/** browserslist's browser names → browser-compat-data's. */
const BCD_BROWSER = {
  chrome: 'chrome',
  and_chr: 'chrome_android',
  android: 'webview_android',
  edge: 'edge',
  firefox: 'firefox',
  and_ff: 'firefox_android',
  safari: 'safari',
  ios_saf: 'safari_ios',
  samsung: 'samsunginternet_android',
}

/** The floor's query, as package.json declares it. */
export function floorQuery() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
  if (!Array.isArray(pkg.browserslist)) throw new Error('package.json has no browserslist array')
  return pkg.browserslist
}

/** `a` compared with `b`, two dotted versions ("15.4" < "15.10"). */
export function compareVersions(a, b) {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d) return d
  }
  return 0
}

/**
 * The oldest version of each browser of the floor, by browser-compat-data's name
 * (`{ safari_ios: '15.4', chrome_android: '100', … }`). Mobile browsers whose old versions
 * browserslist does not list (Chrome and Firefox for Android, the WebView) take their desktop
 * twin's (`mobileToDesktop`): the same engine, the same version numbers.
 */
export function floorVersions(query = floorQuery()) {
  /** @type {Record<string, string>} */
  const oldest = {}
  for (const entry of browserslist(query, { mobileToDesktop: true })) {
    const [name, range] = entry.split(' ')
    const browser = BCD_BROWSER[name]
    if (!browser) throw new Error(`scripts/browser-floor.js does not know the browser "${name}"`)
    const version = range.split('-')[0]
    if (!oldest[browser] || compareVersions(version, oldest[browser]) < 0) oldest[browser] = version
  }
  return oldest
}

/**
 * The build's target, esbuild-style (Vite's `build.target` and `build.cssTarget`, also the
 * service worker's build). Samsung Internet has no name there: its Chromium version does.
 */
export function buildTargets(query = floorQuery()) {
  /** @type {Record<string, string>} */
  const oldest = {}
  const add = (name, version) => {
    if (!oldest[name] || compareVersions(version, oldest[name]) < 0) oldest[name] = version
  }
  for (const [browser, version] of Object.entries(floorVersions(query))) {
    if (['chrome', 'chrome_android', 'webview_android'].includes(browser)) add('chrome', version)
    else if (['firefox', 'firefox_android'].includes(browser)) add('firefox', version)
    else if (browser === 'safari_ios') add('ios', version)
    else if (browser === 'samsunginternet_android') {
      const release = bcd.browsers.samsunginternet_android.releases[version]
      if (release?.engine !== 'Blink') throw new Error(`no Chromium version for Samsung ${version}`)
      add('chrome', release.engine_version)
    } else add(browser, version)
  }
  return Object.entries(oldest)
    .map(([name, version]) => `${name}${version}`)
    .sort()
}

/** A browser-compat-data feature by its dotted path (`javascript.builtins.Array.at`). */
export function compatOf(feature) {
  const node = feature.split('.').reduce((at, key) => at?.[key], bcd)
  if (!node?.__compat) throw new Error(`browser-compat-data has no feature ${feature}`)
  return node.__compat
}

/** Whether one support statement of browser-compat-data covers `version`, unflagged. */
function covers(statement, version) {
  if (statement.flags || statement.prefix || statement.alternative_name) return false
  if (statement.partial_implementation) return false
  const added = statement.version_added
  if (typeof added !== 'string' || added === 'preview') return false
  if (compareVersions(version, added.replace('≤', '')) < 0) return false
  const removed = statement.version_removed
  return !(typeof removed === 'string' && compareVersions(version, removed) >= 0)
}

/**
 * The floor browsers that lack `feature` (a browser-compat-data path), as
 * `safari_ios 15.4 (16.4+)`: empty when every one has it.
 */
export function floorLacks(feature, versions = floorVersions()) {
  const support = compatOf(feature).support
  return Object.entries(versions).flatMap(([browser, version]) => {
    const statements = [support[browser] ?? []].flat()
    if (statements.some((s) => covers(s, version))) return []
    const added = statements.find((s) => typeof s.version_added === 'string')?.version_added
    return [`${browser} ${version}${added ? ` (${added}+)` : ''}`]
  })
}

/**
 * The feature each eslint-plugin-es-x rule refuses, for the rules of ES2018 to ES2022 and the
 * later ones some floor browser has. An es-x rule of ES2018 or later that is not here is
 * refused whatever the floor (deny by default); one that is here is refused when a floor
 * browser lacks the feature.
 */
export const ESX_FEATURES = {
  // ES2018
  'no-async-iteration': 'javascript.statements.for_await_of',
  'no-malformed-template-literals':
    'javascript.grammar.template_literals.template_literal_revision',
  'no-promise-prototype-finally': 'javascript.builtins.Promise.finally',
  'no-regexp-lookbehind-assertions': 'javascript.regular_expressions.lookbehind_assertion',
  'no-regexp-named-capture-groups': 'javascript.regular_expressions.named_capturing_group',
  'no-regexp-s-flag': 'javascript.builtins.RegExp.dotAll',
  'no-regexp-unicode-property-escapes':
    'javascript.regular_expressions.unicode_character_class_escape',
  'no-rest-spread-properties': 'javascript.operators.spread.spread_in_object_literals',
  // ES2019
  // Property names Unicode added up to 2021 (`\p{Extended_Pictographic}`): every browser
  // released after 2021 that has property escapes knows them (MDN has no key of their own).
  'no-regexp-unicode-property-escapes-2019':
    'javascript.regular_expressions.unicode_character_class_escape',
  'no-regexp-unicode-property-escapes-2020':
    'javascript.regular_expressions.unicode_character_class_escape',
  'no-regexp-unicode-property-escapes-2021':
    'javascript.regular_expressions.unicode_character_class_escape',
  'no-array-prototype-flat': 'javascript.builtins.Array.flat',
  'no-json-superset': 'javascript.builtins.JSON.json_superset',
  'no-object-fromentries': 'javascript.builtins.Object.fromEntries',
  'no-optional-catch-binding': 'javascript.statements.try_catch.optional_catch_binding',
  'no-string-prototype-trimstart-trimend': 'javascript.builtins.String.trimStart',
  'no-symbol-prototype-description': 'javascript.builtins.Symbol.description',
  // ES2020
  'no-bigint': 'javascript.builtins.BigInt',
  'no-dynamic-import': 'javascript.operators.import',
  'no-export-ns-from': 'javascript.statements.export.namespace',
  'no-global-this': 'javascript.builtins.globalThis',
  'no-import-meta': 'javascript.operators.import_meta',
  'no-nullish-coalescing-operators': 'javascript.operators.nullish_coalescing',
  'no-optional-chaining': 'javascript.operators.optional_chaining',
  'no-promise-all-settled': 'javascript.builtins.Promise.allSettled',
  'no-string-prototype-matchall': 'javascript.builtins.String.matchAll',
  'no-symbol-matchall': 'javascript.builtins.Symbol.matchAll',
  // ES2021
  'no-logical-assignment-operators': 'javascript.operators.logical_or_assignment',
  'no-numeric-separators': 'javascript.grammar.numeric_separators',
  'no-promise-any': 'javascript.builtins.Promise.any',
  'no-string-prototype-replaceall': 'javascript.builtins.String.replaceAll',
  'no-weakrefs': 'javascript.builtins.WeakRef',
  // ES2022
  'no-arbitrary-module-namespace-names':
    'javascript.statements.export.arbitrary_module_namespace_identifier_names',
  'no-array-prototype-at': 'javascript.builtins.Array.at',
  'no-class-instance-fields': 'javascript.classes.public_class_fields',
  'no-class-private-fields': 'javascript.classes.private_class_fields',
  'no-class-private-methods': 'javascript.classes.private_class_methods',
  'no-class-static-block': 'javascript.classes.static.initialization_blocks',
  'no-class-static-fields': 'javascript.classes.static.class_fields',
  'no-error-cause': 'javascript.builtins.Error.Error.options_cause_parameter',
  'no-object-hasown': 'javascript.builtins.Object.hasOwn',
  'no-private-in': 'javascript.classes.private_class_fields_in',
  'no-regexp-d-flag': 'javascript.builtins.RegExp.hasIndices',
  'no-string-prototype-at': 'javascript.builtins.String.at',
  'no-top-level-await': 'javascript.operators.await.top_level',
  // Later ones the floor may have
  'no-array-prototype-findlast-findlastindex': 'javascript.builtins.Array.findLast',
  'no-hashbang': 'javascript.grammar.hashbang_comments',
}

/** The ES editions whose es-x rules are weighed against the floor (older ones it has). */
const ESX_EDITIONS = ['es2018', 'es2019', 'es2020', 'es2021', 'es2022', 'es2023', 'es2024']
const ESX_LATER = ['es2025', 'esnext']

/**
 * `{ 'es-x/<rule>': 'error' }` for each feature of ES2018 and later the floor lacks (or that
 * ESX_FEATURES does not name). `esx` is the eslint-plugin-es-x module.
 */
export function esxRules(esx, versions = floorVersions()) {
  /** @type {Record<string, 'error'>} */
  const rules = {}
  for (const edition of [...ESX_EDITIONS, ...ESX_LATER]) {
    const config = esx.configs[`flat/no-new-in-${edition}`]
    if (!config) throw new Error(`eslint-plugin-es-x has no config flat/no-new-in-${edition}`)
    for (const name of Object.keys(config.rules)) {
      const feature = ESX_FEATURES[name.replace(/^es-x\//, '')]
      if (!feature || floorLacks(feature, versions).length) rules[name] = 'error'
    }
  }
  return rules
}

/**
 * What the build lowers for the floor (Oxc, from `buildTargets()`): source code may use it,
 * the built files may not hold it (scripts/check-floor.ts). A class static block is lowered
 * too, but refused in the source all the same: its lowering differs in subtle ways.
 */
export const LOWERED_BY_THE_BUILD = [
  'no-class-instance-fields',
  'no-class-private-fields',
  'no-class-private-methods',
  'no-class-static-fields',
  'no-private-in',
]

/** `esxRules()` for the source (src/, mocks/): less what the build lowers. */
export function esxSourceRules(esx, versions = floorVersions()) {
  return Object.fromEntries(
    Object.entries(esxRules(esx, versions)).filter(
      ([name]) => !LOWERED_BY_THE_BUILD.includes(name.replace(/^es-x\//, '')),
    ),
  )
}

/**
 * `no-restricted-properties` entries for the static members of Web APIs a floor browser lacks
 * (`AbortSignal.any()`, `URL.canParse()`, `Response.json()`…), read from browser-compat-data (its
 * `_static` keys): eslint-plugin-compat's own data does not hold static members. Interfaces
 * named in `COMPAT_SETTINGS.polyfills` are left out, as there.
 */
export function missingStaticApis(versions = floorVersions()) {
  const exempt = new Set(COMPAT_SETTINGS.polyfills.map((name) => name.split('.')[0]))
  return Object.entries(bcd.api).flatMap(([object, node]) =>
    Object.keys(node)
      .filter((key) => key.endsWith('_static') && !exempt.has(object))
      .flatMap((key) => {
        const lacking = floorLacks(`api.${object}.${key}`, versions)
        const property = key.replace(/_static$/, '')
        return lacking.length
          ? [{ object, property, message: `The floor lacks it: ${lacking.join(', ')}.` }]
          : []
      }),
  )
}

/**
 * eslint-plugin-compat's settings: the same browserslist; `polyfills`
 * names the APIs the app and its libraries use only where the browser has them (each guarded
 * where it is used, with a fallback or nothing to do), which the plugin cannot see. Every
 * other Web or ES API a floor browser lacks is an error, in src/, mocks/ and the built files.
 */
export const COMPAT_SETTINGS = {
  // Named, not looked for: the built files' check runs outside the repository too.
  browsers: floorQuery(),
  lintAllEsApis: true,
  polyfills: [
    // `scheduler.yield()` where the browser has it, else a timer (src/lib/idle.ts, the boot).
    'scheduler',
    // Service workers, push and notifications: not in the Android WebView (in-app browsers),
    // Firefox's private windows or iOS Safari outside the installed app; the app checks for
    // them ('serviceWorker' in navigator, src/lib/push.ts) and works without.
    'navigator.serviceWorker',
    'Notification',
    // The permissions' state where the browser tells it (Safari from 16); else the app asks.
    'navigator.permissions',
    // WebCodecs decodes a photo where the browser has it, else createImageBitmap or an <img>
    // (src/lib/device-media/image-codec.ts).
    'ImageDecoder',
    'VideoFrame',
    // msw (the demo only) decompresses a mocked response that says Content-Encoding, which
    // the fake backend never sends.
    'DecompressionStream',
  ],
}
