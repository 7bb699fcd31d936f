/**
 * The browser check every HTML document runs before any module (src/app/floor-check.js): made
 * from its source with the floor's versions, and put at the end of the document's body by the
 * build and the dev server (vite.config.ts `floorCheck`), so the prerendered documents, which copy
 * dist/index.html, carry it too. Its hash goes into the Content-Security-Policy's script-src
 * (scripts/prerender.ts writes it to html-documents.json).
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { floorVersions } from './browser-floor.js'

/** The versions the page names (`{ ios: '15.4', chrome: '100', samsung: '18', … }`). */
export function floorNames(versions = floorVersions()) {
  const plain = (version: string | undefined) => {
    if (!version) throw new Error('the floor names no version of a browser the page names')
    return version.replace(/\.0$/, '')
  }
  return {
    ios: plain(versions.safari_ios),
    safari: plain(versions.safari),
    chrome: plain(versions.chrome_android ?? versions.chrome),
    edge: plain(versions.edge),
    samsung: plain(versions.samsunginternet_android),
    firefox: plain(versions.firefox_android ?? versions.firefox),
  }
}

/**
 * The script as it goes into the documents: the floor's versions in, comments out, through
 * TypeScript at ES5 (anything newer written by mistake is lowered, or fails the build's
 * check at ES5), one statement a line without indentation.
 */
export function floorCheckScript(
  source = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), '../src/app/floor-check.js'),
    'utf8',
  ),
): string {
  const { outputText } = ts.transpileModule(source, {
    fileName: 'floor-check.js',
    compilerOptions: {
      allowJs: true,
      target: ts.ScriptTarget.ES5,
      module: ts.ModuleKind.None,
      removeComments: true,
    },
  })
  if (outputText.split('__FLOOR__').length !== 2)
    throw new Error('src/app/floor-check.js should name __FLOOR__ once in its code')
  return outputText
    .replace('__FLOOR__', JSON.stringify(floorNames()))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n')
}

/**
 * `html` with `script` inline at the end of its body: it runs once the document's markup is
 * parsed (a browser paints nothing before it has a body, so stopping the page in its head
 * would leave it blank) and before any module, which runs only after that.
 */
export function withFloorCheck(html: string, script: string): string {
  if (html.split('</body>').length !== 2) throw new Error('index.html should have one </body>')
  // A function, not a string: the script's `$'` (a regular expression's end) is no pattern.
  return html.replace('</body>', () => `  <script>${script}</script>\n  </body>`)
}
