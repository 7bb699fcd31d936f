import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { queryKeys } from './query-keys'
import type { OutboxPayload } from './visit-store/db'
import { queriesChangedBy } from './visit-store/sync'
import { currentRevisionQueryOptions, reportQueryOptions } from './visit-store/api'
import { taskQueryOptions } from '@/features/tasks/api/task-queries'
import { myAwardsQueryOptions } from '@/features/wallet/api/wallet-queries'
import { partialMatchKey, type QueryKey } from '@tanstack/react-query'

const ROOT = join(import.meta.dirname, '..', '..')
const REGISTRY = 'src/lib/query-keys.ts'

/** Production TypeScript under src/ (tests, test helpers and generated code left out). */
function productionFiles(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productionFiles(path)
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return []
    if (/\.gen\.ts$/.test(entry.name)) return []
    return [relative(ROOT, path)]
  })
}

/** The query client's methods whose first argument is a query key. */
const KEY_ARGUMENT = /^(?:get|set)Query(?:Data|State)$|^(?:get|set)QueriesData$/

/**
 * Where a query key is spelled by hand: an array literal starting with a string, written as a
 * `queryKey` property, as the key argument of the query client, or inside a declaration named
 * like a key (`taskKeys`, `meQueryKey`). Such a key must start with a registry root instead
 * (`[...queryKeys.tasks, 'mine']`).
 */
function handTypedKeys(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const startsWithString = (node: ts.Node): node is ts.ArrayLiteralExpression =>
    ts.isArrayLiteralExpression(node) &&
    node.elements.length > 0 &&
    ts.isStringLiteralLike(node.elements[0]!)
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart())
    return `${file}:${line + 1}: ${node.getText()}`
  }
  const isKeyPlace = (array: ts.Node): boolean => {
    let node: ts.Node = array
    // Through `as const`, parentheses and `satisfies`, to where the literal is used.
    while (
      ts.isAsExpression(node.parent) ||
      ts.isParenthesizedExpression(node.parent) ||
      ts.isSatisfiesExpression(node.parent)
    )
      node = node.parent
    const parent = node.parent
    if (ts.isPropertyAssignment(parent) && parent.name.getText() === 'queryKey') return true
    if (
      ts.isCallExpression(parent) &&
      parent.arguments[0] === node &&
      ts.isPropertyAccessExpression(parent.expression) &&
      KEY_ARGUMENT.test(parent.expression.name.text)
    )
      return true
    for (let up: ts.Node | undefined = parent; up; up = up.parent)
      if (ts.isVariableDeclaration(up) && /Keys?$/.test(up.name.getText())) return true
    return false
  }
  const visit = (node: ts.Node) => {
    if (startsWithString(node) && isKeyPlace(node)) found.push(where(node))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the query-key registry', () => {
  it('has one root per name, each a one-string key', () => {
    const roots = Object.values(queryKeys).map((key) => {
      expect(key).toHaveLength(1)
      return key[0]
    })
    expect(new Set(roots).size).toBe(roots.length)
  })

  it('is where every query key in src/ takes its root', () => {
    const files = productionFiles().filter((file) => file !== REGISTRY)
    expect(files.length).toBeGreaterThan(100)
    const handTyped = files.flatMap((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8')
      // Only a file that speaks of keys or queries can spell one (and parsing is the cost).
      return /Key|Query/.test(text) ? handTypedKeys(file, text) : []
    })
    expect(handTyped, 'build these keys from src/lib/query-keys.ts').toEqual([])
  })

  it('catches a hand-typed key in each place one is written', () => {
    const found = handTypedKeys(
      'fixture.ts',
      [
        "export const fooKeys = { all: ['foo'] as const, one: (id: string) => ['foo', id] }",
        "export const barQueryKey = ['bar'] as const",
        "queryOptions({ queryKey: ['baz', 1], queryFn })",
        "client.setQueryData(['qux'], 1)",
        // Built from the registry: fine.
        "export const okKeys = { all: [...queryKeys.tasks, 'mine'] as const }",
        'queryOptions({ queryKey: queryKeys.health, queryFn })',
        // Not a query key.
        "inTransaction(db, ['outbox', 'media'], 'strict', run)",
      ].join('\n'),
    )
    expect(found.map((f) => f.replace(/^fixture\.ts:\d+: /, ''))).toEqual([
      "['foo']",
      "['foo', id]",
      "['bar']",
      "['baz', 1]",
      "['qux']",
    ])
  })

  it('holds every key the sync loop refreshes after a sent write', () => {
    const kinds = {
      checkin: true,
      checkout: true,
      upload: true,
      saveReport: true,
      submitReport: true,
      award: true,
      answerRevision: true,
    } satisfies Record<OutboxPayload['kind'], true>
    const roots: readonly unknown[] = Object.values(queryKeys)
    for (const kind of Object.keys(kinds) as OutboxPayload['kind'][])
      for (const key of queriesChangedBy({ kind })) expect(roots, kind).toContain(key)
  })

  it('refreshes what each screen reads to see its write land, after each kind of write', () => {
    // The screens never refresh by hand once their write is sent (lint one-way/queued-write):
    // the task's status (the submission, the answers, the check-in and check-out), the report
    // (its version, evidences and nominations), the revision, the agent's awards.
    const task = taskQueryOptions('T-4826').queryKey
    const report = reportQueryOptions('rep_1').queryKey
    const revision = currentRevisionQueryOptions('rep_1').queryKey
    const awards = myAwardsQueryOptions().queryKey
    const readAfter = {
      checkin: [task],
      checkout: [task],
      upload: [report],
      saveReport: [report],
      submitReport: [task, report],
      award: [awards, report],
      answerRevision: [task, revision],
    } satisfies Record<OutboxPayload['kind'], readonly QueryKey[]>
    for (const [kind, keys] of Object.entries(readAfter))
      for (const key of keys)
        expect(
          queriesChangedBy({ kind: kind as OutboxPayload['kind'] }).some((refreshed) =>
            partialMatchKey(key, refreshed),
          ),
          `${kind} refreshes ${JSON.stringify(key)}`,
        ).toBe(true)
  })
})
