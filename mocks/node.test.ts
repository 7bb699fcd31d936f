import { describe, expect, it } from 'vitest'
import { latencyFromEnv } from './node'

describe('latencyFromEnv', () => {
  it('reads a fixed latency or a range, and nothing else', () => {
    expect(latencyFromEnv('40')).toBe(40)
    expect(latencyFromEnv(' 10 - 80 ')).toEqual([10, 80])
    expect(latencyFromEnv('80-10')).toEqual([80, 80])
    for (const none of ['', 'fast', '-5', '10-', '1.5']) expect(latencyFromEnv(none)).toBe(0)
  })
})
