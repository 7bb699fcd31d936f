import { describe, expect, it } from 'vitest'
import { backUpImports, featureShares, MAX_FEATURE_SHARE, readFeatures } from './feature-shape'

const tree = readFeatures()

/** A fixture tree of `files` (path → text). */
const fixture = (files: Record<string, string>) => new Map(Object.entries(files))

describe('the features (docs/architecture.md, "Features")', () => {
  it(`have no hub: the largest holds at most ${MAX_FEATURE_SHARE * 100} % of their code`, () => {
    const shares = featureShares(tree)
    expect(shares.length).toBeGreaterThan(10)
    const largest = shares[0]!
    const table = shares.map((s) => `${s.feature} ${s.lines} (${(s.share * 100).toFixed(1)} %)`)
    expect(largest.share, table.join('\n')).toBeLessThanOrEqual(MAX_FEATURE_SHARE)
  })

  it('import nothing that runs back up: no file imports a file above it that imports its branch', () => {
    expect(backUpImports(tree)).toEqual([])
  })
})

describe('the checks themselves', () => {
  it('count production lines only, per feature', () => {
    const shares = featureShares(
      fixture({
        'src/features/a/a-page.tsx': 'one\ntwo\nthree\n',
        'src/features/a/a-page.test.tsx': 'not\ncounted\n',
        'src/features/a/a.module.css': '.not {}\n',
        'src/features/b/parts/b.ts': 'one\n',
      }),
    )
    expect(shares).toEqual([
      { feature: 'a', lines: 3, share: 0.75 },
      { feature: 'b', lines: 1, share: 0.25 },
    ])
  })

  it('find an import up to a file that imports back into the branch, and only that', () => {
    const found = backUpImports(
      fixture({
        // The report's copy reads the parts' registry, and a part reads the copy: a loop.
        'src/features/report/report-copy.ts': "import { partTitle } from './parts/parts'\n",
        'src/features/report/parts/parts.ts': "export { aPart } from './a/a-part'\n",
        'src/features/report/parts/a/a-part.ts': "import type { Part } from '../part'\n",
        'src/features/report/parts/a/a-editor.tsx': [
          "import { reportCopy } from '@/features/report/report-copy'",
          "import styles from '../../report.module.css'",
          "import { partTitle } from '../parts'",
        ].join('\n'),
        'src/features/report/parts/part.ts': 'export type Part = {}\n',
        'src/features/report/report.module.css': '.stack {}\n',
        // A screen under routes/ reading its feature's copy, which imports nothing back: fine.
        'src/features/tasks/copy.ts': "import { count } from '@/domain/plural'\n",
        'src/features/tasks/routes/list-page.tsx': "import { copy } from '../copy'\n",
      }),
    )
    expect(found).toEqual([
      'src/features/report/parts/a/a-editor.tsx → src/features/report/report-copy.ts (→ src/features/report/parts/parts.ts)',
      'src/features/report/parts/a/a-editor.tsx → src/features/report/parts/parts.ts (→ src/features/report/parts/a/a-part.ts)',
    ])
  })
})
