import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BELOW_FLOOR_ATTRIBUTE, FLOOR_CHECK_GLOBAL } from '../src/lib/floor-check'
import { floorLacks } from './browser-floor.js'
import { floorCheckScript, floorNames, withFloorCheck } from './floor-check'

const source = readFileSync(new URL('../src/app/floor-check.js', import.meta.url), 'utf8')

describe('the browser check (src/app/floor-check.js)', () => {
  it('tests only what every floor browser has: it never turns away a browser the app supports', () => {
    const features = [...source.matchAll(/\/\/ bcd: (\S+)/g)].map((m) => m[1]!)
    expect(features).toEqual(
      expect.arrayContaining([
        'html.elements.script.nomodule',
        'api.structuredClone',
        'api.HTMLDialogElement.showModal',
      ]),
    )
    for (const feature of features) expect(floorLacks(feature), feature).toEqual([])
  })

  it('names the floor the page tells about', () => {
    expect(floorNames()).toEqual({
      ios: '15.4',
      safari: '15.4',
      chrome: '100',
      edge: '100',
      samsung: '18',
      firefox: '115',
    })
    expect(floorCheckScript()).toContain(
      'var floor = {"ios":"15.4","safari":"15.4","chrome":"100","edge":"100","samsung":"18","firefox":"115"}',
    )
  })

  it('speaks to the start with the names the app uses', () => {
    const script = floorCheckScript()
    expect(script).toContain(`w.${FLOOR_CHECK_GLOBAL} = {`)
    expect(script).toContain(`setAttribute('${BELOW_FLOOR_ATTRIBUTE}', '')`)
    expect(script).not.toMatch(/^\/\/|\/\*\*/m) // no comment left for the documents
  })

  it('goes at the end of the body, after the markup and before no module', () => {
    const html =
      '<html><head><script type="module" src="/b.js"></script></head><body><div id="root"></div></body></html>'
    expect(withFloorCheck(html, "var a = /.$'/")).toBe(
      '<html><head><script type="module" src="/b.js"></script></head><body><div id="root"></div>  <script>var a = /.$\'/</script>\n  </body></html>',
    )
  })
})
