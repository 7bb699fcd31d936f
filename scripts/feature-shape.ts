/**
 * The shape of `src/features`, checked by scripts/feature-shape.test.ts (`npm run test:unit`)
 * against what docs/architecture.md ("Features") says:
 *
 * 1. **No feature is the app's hub** (`featureShares`): the largest feature holds at most
 *    `MAX_FEATURE_SHARE` of the features' code, counted as the lines of their production
 *    TypeScript (`.ts`/`.tsx` under src/features, tests left out).
 * 2. **No import runs back up inside a feature** (`backUpImports`): a file may import a file
 *    of a folder above its own (a part importing the report's stylesheet, a screen under
 *    `routes/` its feature's copy), but not one that imports back into the importing file's
 *    branch. The report's `report-copy.ts` importing the parts' registry while a part imports
 *    `report-copy.ts` is such a loop of folders: the part is below the report and above it.
 *
 * Imports are read with the compiler's pre-processor (static, dynamic and `export … from`),
 * resolved as the app's (`@/` is `src/`, a module named without its `.ts`/`.tsx`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, posix, relative, sep } from 'node:path'
import ts from 'typescript'

export const REPO_ROOT = join(import.meta.dirname, '..')

/** The most of the features' code one feature may hold. */
export const MAX_FEATURE_SHARE = 0.25

const FEATURES = 'src/features/'

/** A repository's files, as path (from its root, with `/`) → text. */
export type SourceTree = ReadonlyMap<string, string>

const isProductionCode = (path: string) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)

/** Every production file of src/features (and the stylesheets they import) of the repository at `root`. */
export function readFeatures(root = REPO_ROOT): SourceTree {
  const dir = join(root, FEATURES)
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => isProductionCode(path) || path.endsWith('.css'))
  return new Map(files.map((path) => [path, readFileSync(join(root, path), 'utf8')]))
}

/** The feature a path under src/features belongs to, or undefined. */
export function featureOf(path: string): string | undefined {
  return path.startsWith(FEATURES) ? path.slice(FEATURES.length).split('/')[0] : undefined
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

/** Each feature's lines of production code and its share of all of them, largest first. */
export function featureShares(tree: SourceTree) {
  const lines = new Map<string, number>()
  for (const [path, text] of tree) {
    const feature = featureOf(path)
    if (!feature || !isProductionCode(path) || !path.slice(FEATURES.length).includes('/')) continue
    lines.set(feature, (lines.get(feature) ?? 0) + lineCount(text))
  }
  const total = [...lines.values()].reduce((a, b) => a + b, 0)
  return [...lines]
    .map(([feature, n]) => ({ feature, lines: n, share: n / total }))
    .sort((a, b) => b.lines - a.lines)
}

/** What `path` imports, resolved to paths of `tree` (imports of packages and of files not in it left out). */
export function importsOf(path: string, tree: SourceTree): string[] {
  const { importedFiles } = ts.preProcessFile(tree.get(path) ?? '', true, true)
  return importedFiles.flatMap(({ fileName: spec }) => {
    const base = spec.startsWith('@/')
      ? `src/${spec.slice(2)}`
      : spec.startsWith('.')
        ? posix.join(posix.dirname(path), spec)
        : undefined
    if (base === undefined) return []
    const found = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => tree.has(candidate))
    return found ? [found] : []
  })
}

/**
 * Imports of a file of a folder above the importer's (in the same feature) that imports back
 * into the importer's branch: `importer → target (→ back)`.
 */
export function backUpImports(tree: SourceTree): string[] {
  const found: string[] = []
  for (const path of tree.keys()) {
    const feature = featureOf(path)
    if (!feature || !isProductionCode(path)) continue
    const dir = posix.dirname(path)
    for (const target of importsOf(path, tree)) {
      const above = posix.dirname(target)
      if (featureOf(target) !== feature || !dir.startsWith(`${above}/`)) continue
      // The importer's branch: the folder just below the target's, on the way to the importer.
      const branch = `${above}/${dir.slice(above.length + 1).split('/')[0]}/`
      const back = importsOf(target, tree).filter((p) => p.startsWith(branch))
      if (back.length > 0) found.push(`${path} → ${target} (→ ${back.join(', ')})`)
    }
  }
  return found
}
