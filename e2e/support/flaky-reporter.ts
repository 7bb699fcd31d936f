/**
 * Prints every test that passed only on a retry, and how many ("flaky: N"), at the end of a
 * run. CI keeps one retry so a single bad moment of a busy machine does not block a landing,
 * but a flaky test is a bug in the product or in the test: this line makes each one visible
 * so it is fixed at its cause, never hidden by the retry.
 */
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

export default class FlakyReporter implements Reporter {
  private readonly flaky = new Map<string, TestCase>()

  onTestEnd(test: TestCase, _result: TestResult) {
    if (test.outcome() === 'flaky') this.flaky.set(test.id, test)
    else this.flaky.delete(test.id)
  }

  onEnd(_result: FullResult) {
    console.log(`\nflaky: ${this.flaky.size}`)
    for (const test of this.flaky.values())
      console.log(`  flaky (passed only on retry): ${test.titlePath().filter(Boolean).join(' › ')}`)
  }

  printsToStdio() {
    return false
  }
}
