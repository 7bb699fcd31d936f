/**
 * Names every test that passed only on a retry, and how many ("flaky: N"), at the end of a
 * run — and fails the run when there is one (issue 39). CI keeps one retry so that a failure
 * says whether it is steady (a bug that fails every time) or flaky (a race: a test that
 * passes only on a warm machine, or a screen that says something before it knows); both are
 * bugs in the product or in the test, fixed at their cause, never with a longer timeout, and
 * neither lands green.
 *
 * `E2E_ALLOW_FLAKY=1` lets a run with flaky tests end green (still naming them), for a
 * machine known to be overloaded while the cause is being fixed; CI never sets it.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export default class FlakyReporter implements Reporter {
  private readonly flaky = new Map<string, TestCase>()

  onTestEnd(test: TestCase, _result: TestResult) {
    if (test.outcome() === 'flaky') this.flaky.set(test.id, test)
    else this.flaky.delete(test.id)
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    console.log(`\nflaky: ${this.flaky.size}`)
    for (const test of this.flaky.values())
      console.log(`  flaky (passed only on retry): ${test.titlePath().filter(Boolean).join(' › ')}`)
    if (this.flaky.size === 0 || result.status !== 'passed') return undefined
    if (process.env.E2E_ALLOW_FLAKY === '1') {
      console.log('  E2E_ALLOW_FLAKY=1: the run ends green anyway')
      return undefined
    }
    console.log('  a flaky test fails the run: fix it at its cause (E2E_ALLOW_FLAKY=1 to pass)')
    return { status: 'failed' }
  }

  printsToStdio() {
    return false
  }
}
