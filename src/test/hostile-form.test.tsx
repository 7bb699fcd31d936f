/** The crash watch sees what it must see (a test that cannot fail is a defect). */
import { describe, expect, it } from 'vitest'
import { watchForCrashes } from './hostile-form'

const crashes = watchForCrashes()

describe('watchForCrashes', () => {
  it('collects the router’s error-boundary reports and uncaught errors, not ordinary logs', () => {
    console.error('React Router caught the following error during render', new Error('boom'))
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError('uncaught'), message: 'uncaught' }),
    )
    console.error('Warning: something ordinary')
    expect(crashes()).toHaveLength(2)
    expect(crashes()[1]).toContain('TypeError: uncaught')
  })

  it('starts empty in each test', () => {
    expect(crashes()).toEqual([])
  })
})
