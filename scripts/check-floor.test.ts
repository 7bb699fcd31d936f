import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkFloor, dynamicUnitsWithoutFallback, inlineScripts } from './check-floor'

let dist: string | undefined
afterEach(() => {
  if (dist) rmSync(dist, { recursive: true, force: true })
  dist = undefined
})

/** A dist/ of a few files, with the chunk report check-floor reads. */
function writeDist(files: Record<string, string>) {
  dist = mkdtempSync(join(tmpdir(), 'check-floor-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dist, name, '..'), { recursive: true })
    writeFileSync(join(dist, name), text)
  }
  const chunks = Object.keys(files)
    .filter((name) => name.startsWith('assets/') && name.endsWith('.js'))
    .map((fileName) => ({ fileName, isEntry: true, imports: [], dynamicImports: [], modules: [] }))
  writeFileSync(join(dist, 'bundle-modules.json'), JSON.stringify(chunks))
  return dist
}

describe('check-floor', () => {
  it('finds the inline scripts of a document, not the external or data ones', () => {
    const html =
      '<head><script>var a = 1</script><script type="module" src="/b.js"></script>' +
      '<script type="application/ld+json">{}</script><script type="module">import "/c.js"</script></head>'
    expect(inlineScripts(html)).toEqual([
      { source: 'var a = 1', module: false },
      { source: 'import "/c.js"', module: true },
    ])
  })

  it('wants a static viewport unit before a dynamic one in the same rule', () => {
    expect(dynamicUnitsWithoutFallback('.a{min-height:100vh;color:red;min-height:100dvh}')).toEqual(
      [],
    )
    expect(dynamicUnitsWithoutFallback('.a{min-height:100dvh}.b{min-height:100vh}')).toEqual([
      '.a { min-height:100dvh }',
    ])
  })

  it('fails on what the floor cannot run: a lookbehind, a static block, a class field, ES2015 inline, :has()', async () => {
    const { problems } = await checkFloor(
      writeDist({
        'assets/early-start.js': 'export const r = /(?<![\\w-])x/g\n',
        'assets/preview.js':
          'export class A { static { this.x = 1 } }\nexport class B { y = (1) }\n',
        'index.html': '<html><head><script>const x = () => 1</script></head></html>',
        'assets/a.css': '.a:has(> b){color:red}.b{max-height:90dvh}',
      }),
    )
    const text = problems.map((p) => `${p.file}: ${p.message}`).join('\n')
    expect(text).toMatch(/early-start\.js:1:\d+: es-x\/no-regexp-lookbehind-assertions/)
    expect(text).toMatch(/preview\.js: .*ClassStaticBlocks/)
    expect(text).toMatch(/preview\.js:1:\d+: es-x\/no-class-static-block/)
    expect(text).toMatch(/preview\.js:2:\d+: es-x\/no-class-instance-fields/)
    expect(text).toMatch(/index\.html \(inline script\): .*(const|ArrowFunctions)/i)
    expect(text).toMatch(/a\.css: css-has/)
    expect(text).toMatch(/a\.css: no static fallback before \.b \{ max-height:90dvh \}/)
  }, 30_000) // It runs ESLint (with MDN's data) and es-check on the files: seconds, not a timing check.

  it('passes what the floor runs', async () => {
    const { problems } = await checkFloor(
      writeDist({
        'assets/early-start.js':
          'export const r = /(^|[^\\w-])x/g\nexport const a = [1].at(-1) ?? 0\n',
        'index.html': '<html><head><script>var x = function () { return 1 }</script></head></html>',
        'assets/a.css': '.b{max-height:90vh;max-height:90dvh}',
      }),
    )
    expect(problems).toEqual([])
  }, 30_000) // It runs ESLint (with MDN's data) and es-check on the files: seconds, not a timing check.
})
