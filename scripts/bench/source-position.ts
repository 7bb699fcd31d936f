/**
 * From a position in a built file (dist/assets/*.js) to the source module it came from, with
 * the build's source maps (`sourcemap: true` in vite.config.ts): what a long animation frame's
 * script attribution names, in words a reader of src/ recognises. A few lines of the
 * Source Map v3 format (base64 VLQ `mappings`), for the benchmarks only.
 */
import { existsSync, readFileSync } from 'node:fs'

type Segment = { column: number; source: number }
type DecodedMap = { sources: string[]; lines: Segment[][] }

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

function decodeVlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = BASE64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >> 1) : value >> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

export function decodeMappings(mappings: string): Segment[][] {
  let source = 0
  return mappings.split(';').map((line) => {
    let column = 0
    return line
      .split(',')
      .filter(Boolean)
      .map((segment) => {
        const [col = 0, src] = decodeVlq(segment)
        column += col
        if (src !== undefined) source += src
        return { column, source }
      })
  })
}

const cache = new Map<string, { text: string; map: DecodedMap | null }>()

/**
 * The source module (`src/features/…`, `react-dom`) at character `offset` of `file` (a path
 * under `dist`), or undefined when the file or its map is missing.
 */
export function sourceAt(dist: string, file: string, offset: number): string | undefined {
  let entry = cache.get(file)
  if (!entry) {
    const path = `${dist}${file}`
    const text = existsSync(path) ? readFileSync(path, 'utf8') : ''
    const raw = existsSync(`${path}.map`)
      ? (JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[]; mappings: string })
      : null
    entry = {
      text,
      map: raw ? { sources: raw.sources, lines: decodeMappings(raw.mappings) } : null,
    }
    cache.set(file, entry)
  }
  if (!entry.map || offset < 0 || offset > entry.text.length) return undefined
  const before = entry.text.slice(0, offset)
  const line = before.split('\n').length - 1
  const column = offset - (before.lastIndexOf('\n') + 1)
  const segments = entry.map.lines[line] ?? []
  let found: Segment | undefined
  for (const segment of segments) if (segment.column <= column) found = segment
  const source = found ? entry.map.sources[found.source] : undefined
  return source
    ?.replace(/^(\.\.\/)+/, '')
    .replace(/^node_modules\/(@[^/]+\/[^/]+|[^/]+)\/.*$/, '$1')
}
