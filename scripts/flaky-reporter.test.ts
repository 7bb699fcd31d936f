import type { FullResult, TestCase, TestResult } from '@playwright/test/reporter'
import { afterEach, describe, expect, it, vi } from 'vitest'
import FlakyReporter from '../e2e/support/flaky-reporter'

const testCase = (id: string, outcome: ReturnType<TestCase['outcome']>) =>
  ({ id, outcome: () => outcome, titlePath: () => ['', 'chromium', 'x.spec.ts', id] }) as TestCase
const passed = { status: 'passed' } as FullResult
const result = {} as TestResult

describe('the end-to-end run and its flaky tests (e2e/support/flaky-reporter.ts)', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })

  it('names each test that passed only on its retry, and fails the run', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const reporter = new FlakyReporter()
    reporter.onTestEnd(testCase('steady', 'expected'), result)
    reporter.onTestEnd(testCase('racy', 'flaky'), result)
    expect(await reporter.onEnd(passed)).toEqual({ status: 'failed' })
    expect(log.mock.calls.flat().join('\n')).toContain(
      'flaky (passed only on retry): chromium › x.spec.ts › racy',
    )
  })

  it('leaves a run with no flaky test as it was', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const reporter = new FlakyReporter()
    reporter.onTestEnd(testCase('steady', 'expected'), result)
    expect(await reporter.onEnd(passed)).toBeUndefined()
  })

  it('with E2E_ALLOW_FLAKY=1, names them and lets the run pass', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.stubEnv('E2E_ALLOW_FLAKY', '1')
    const reporter = new FlakyReporter()
    reporter.onTestEnd(testCase('racy', 'flaky'), result)
    expect(await reporter.onEnd(passed)).toBeUndefined()
  })
})
