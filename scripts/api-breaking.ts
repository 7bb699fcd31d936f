/**
 * `npm run api:breaking`: openapi.yaml and the pacts against the last released version of the
 * contract (contracts/released/), and contracts/CHANGELOG.md against both. Fails when the
 * contract changed without a new version whose bump fits what the change breaks (a major for
 * anything that breaks providers), a changelog section marking it, and its snapshot.
 * The rules are in scripts/contract-versions.ts and docs/decisions/0025-the-contract-has-a-version.md.
 *
 *   npm run api:breaking                  check (prints every change since the last release)
 *   npm run api:breaking -- --history     also print the changes of every released version
 *   npm run api:release                   snapshot info.version into contracts/released/
 *                                         (after writing its section in contracts/CHANGELOG.md)
 *
 * Exit code 0 when everything holds, 1 otherwise, 2 for bad usage.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import {
  checkContract,
  formatChange,
  pactDigest,
  parseChangelog,
  parseSpec,
  type PactDigest,
  type Release,
  type Snapshot,
} from './contract-versions'

const root = fileURLToPath(new URL('../', import.meta.url))
export const RELEASED_DIR = join(root, 'contracts', 'released')
export const CHANGELOG = join(root, 'contracts', 'CHANGELOG.md')

const specFile = (version: string) => join(RELEASED_DIR, `openapi-${version}.yaml`)
const digestFile = (version: string) => join(RELEASED_DIR, `pacts-${version}.json`)
export const serialiseDigest = (digest: PactDigest) => `${JSON.stringify(digest, null, 2)}\n`

/** openapi.yaml and the committed pacts of a checkout, as a snapshot. */
export function workingTree(dir: string = root): Snapshot & { specText: string } {
  const specText = readFileSync(join(dir, 'openapi.yaml'), 'utf8')
  const pactDir = join(dir, 'contracts', 'pacts')
  const pacts = readdirSync(pactDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map(
      (f) =>
        JSON.parse(readFileSync(join(pactDir, f), 'utf8')) as Parameters<
          typeof pactDigest
        >[0][number],
    )
  const statesFile = join(dir, 'contracts', 'provider-states.yaml')
  const states = existsSync(statesFile) ? readFileSync(statesFile, 'utf8') : undefined
  return { spec: parseSpec(specText), digest: pactDigest(pacts, states), specText }
}

/** Every snapshot in contracts/released/ (openapi-<v>.yaml with its pacts-<v>.json). */
export function releasedVersions(dir: string = RELEASED_DIR): Release[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .map((f) => /^openapi-(.+)\.yaml$/.exec(f)?.[1])
    .filter((v): v is string => v !== undefined)
    .map((version) => {
      const digest = join(dir, `pacts-${version}.json`)
      return {
        version,
        file: `contracts/released/openapi-${version}.yaml`,
        spec: parseSpec(readFileSync(join(dir, `openapi-${version}.yaml`), 'utf8')),
        digest: existsSync(digest)
          ? (JSON.parse(readFileSync(digest, 'utf8')) as PactDigest)
          : { interactions: {}, states: {} },
      }
    })
}

function main() {
  const { values } = parseArgs({
    options: {
      history: { type: 'boolean', default: false },
      release: { type: 'boolean', default: false },
    },
  })
  const tree = workingTree()
  const version = String((tree.spec.info as { version?: unknown } | undefined)?.version ?? '')
  const changelog = existsSync(CHANGELOG) ? readFileSync(CHANGELOG, 'utf8') : ''

  if (values.release) {
    if (!parseChangelog(changelog).some((s) => s.version === version)) {
      console.error(
        `contracts/CHANGELOG.md has no section for ${version}: write it (\`## ${version} — YYYY-MM-DD\`) before releasing.`,
      )
      process.exit(1)
    }
    if (existsSync(specFile(version))) {
      const same =
        readFileSync(specFile(version), 'utf8') === tree.specText &&
        readFileSync(digestFile(version), 'utf8') === serialiseDigest(tree.digest)
      if (!same) {
        console.error(
          `${version} is already released with another content: a released version never changes. Set info.version to a new one.`,
        )
        process.exit(1)
      }
    } else {
      // Only a release the check will pass: its bump and its changelog entries first.
      const candidate: Release = {
        version,
        file: `contracts/released/openapi-${version}.yaml`,
        spec: tree.spec,
        digest: tree.digest,
      }
      const trial = checkContract({
        current: tree,
        released: [...releasedVersions(), candidate],
        changelog,
      })
      if (!trial.ok) {
        console.error(`Not released: ${version} would not pass the check.`)
        for (const p of trial.problems) console.error(`  ✗ ${p}`)
        process.exit(1)
      }
      mkdirSync(RELEASED_DIR, { recursive: true })
      writeFileSync(specFile(version), tree.specText)
      writeFileSync(digestFile(version), serialiseDigest(tree.digest))
      console.log(
        `Released ${version}: contracts/released/openapi-${version}.yaml and pacts-${version}.json.`,
      )
    }
  }

  const result = checkContract({ current: tree, released: releasedVersions(), changelog })
  const shown = values.history ? result.steps : result.steps.slice(-1)
  for (const step of shown) {
    console.log(
      `\n${step.from} → ${step.to}: ${step.changes.length ? `${step.changes.length} change${step.changes.length > 1 ? 's' : ''}, a ${step.level} version` : 'no change'}`,
    )
    for (const c of step.changes) console.log(`  ${formatChange(c)}`)
  }
  const released = releasedVersions().length
  if (result.ok)
    console.log(
      `\nThe contract is ${version}, released (${released} versions in contracts/released/, each in contracts/CHANGELOG.md).`,
    )
  else {
    console.log(`\nThe contract's version does not say what changed:`)
    for (const p of result.problems) console.log(`  ✗ ${p}`)
    process.exitCode = 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main()
