import esx from 'eslint-plugin-es-x'
import { describe, expect, it } from 'vitest'
import {
  buildTargets,
  compatOf,
  ESX_FEATURES,
  esxRules,
  esxSourceRules,
  floorLacks,
  floorVersions,
  LOWERED_BY_THE_BUILD,
  missingStaticApis,
} from './browser-floor.js'

describe('the browser floor (package.json browserslist)', () => {
  it('is iOS and Safari 15.4, Chrome, the WebView and Edge 100, Samsung Internet 18, Firefox 115', () => {
    expect(floorVersions()).toEqual({
      safari_ios: '15.4',
      safari: '15.4',
      chrome: '100',
      chrome_android: '100',
      webview_android: '100',
      edge: '100',
      samsunginternet_android: '18.0',
      firefox: '115',
      firefox_android: '115',
    })
  })

  it('builds for it: Samsung Internet 18 is Chromium 99', () => {
    expect(buildTargets()).toEqual(['chrome99', 'edge100', 'firefox115', 'ios15.4', 'safari15.4'])
  })

  it('says which floor browsers lack a feature, from MDN browser-compat-data', () => {
    expect(floorLacks('javascript.regular_expressions.lookbehind_assertion')).toEqual([
      'safari_ios 15.4 (16.4+)',
      'safari 15.4 (16.4+)',
    ])
    expect(floorLacks('javascript.builtins.Array.at')).toEqual([])
    expect(
      floorLacks(
        'javascript.regular_expressions.lookbehind_assertion',
        floorVersions(['iOS >= 16.4']),
      ),
    ).toEqual([])
    expect(() => compatOf('javascript.builtins.Array.noSuchThing')).toThrow(/no feature/)
  })

  it('names only es-x rules and MDN features that exist', () => {
    for (const [rule, feature] of Object.entries(ESX_FEATURES)) {
      expect(esx.rules, rule).toHaveProperty([rule])
      expect(() => compatOf(feature)).not.toThrow()
    }
    for (const rule of LOWERED_BY_THE_BUILD) expect(esx.rules).toHaveProperty([rule])
  })

  it('refuses in the built files what the floor lacks, and in the source less what the build lowers', () => {
    const built = esxRules(esx)
    for (const rule of [
      'no-regexp-lookbehind-assertions',
      'no-class-static-block',
      'no-class-instance-fields',
      'no-array-prototype-tosorted',
      'no-object-groupby',
      'no-promise-withresolvers',
      'no-set-prototype-union',
      'no-regexp-v-flag',
    ])
      expect(built, rule).toHaveProperty([`es-x/${rule}`], 'error')
    for (const rule of [
      'no-regexp-named-capture-groups',
      'no-optional-chaining',
      'no-array-prototype-at',
      'no-array-prototype-findlast-findlastindex',
    ])
      expect(built, rule).not.toHaveProperty([`es-x/${rule}`])

    const source = esxSourceRules(esx)
    expect(source).toHaveProperty(['es-x/no-regexp-lookbehind-assertions'])
    expect(source).toHaveProperty(['es-x/no-class-static-block'])
    expect(source).not.toHaveProperty(['es-x/no-class-instance-fields'])
    expect(source).not.toHaveProperty(['es-x/no-class-private-methods'])
  })

  it('refuses the static Web API members the floor lacks, but not the feature-detected ones', () => {
    const refused = missingStaticApis().map((e) => `${e.object}.${e.property}`)
    expect(refused).toEqual(
      expect.arrayContaining([
        'AbortSignal.any',
        'AbortSignal.timeout',
        'URL.canParse',
        'Response.json',
      ]),
    )
    expect(refused).not.toContain('Notification.requestPermission')
    expect(refused).not.toContain('Promise.all')
  })
})
