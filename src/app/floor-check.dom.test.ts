/**
 * The browser check every document runs before any module (floor-check.js, as the build puts
 * it in: scripts/floor-check.ts), in jsdom: what it decides and what its page says. The real
 * browser's side (the document stopped, no module run, the boot's and the entry's signals) is
 * e2e/browser-floor.spec.ts.
 */
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { floorCheckScript } from '../../scripts/floor-check'
import { FLOOR_CHECK_GLOBAL, isBelowFloor, markAppStarted } from '@/lib/floor-check'

const script = floorCheckScript()
const IPHONE_15_2 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.2 Mobile/15E148 Safari/604.1'
const HEADING = 'Atualize o navegador para abrir o Avaliador'

/** A document like a prerendered one: the screen's markup, then the check. */
function runCheck() {
  document.body.innerHTML = '<div id="root" data-document="shell"><p>Carregando…</p></div>'
  new Function(script)()
}

beforeEach(() => {
  // What jsdom lacks and every floor browser has.
  vi.stubGlobal('structuredClone', (value: unknown) => value)
  for (const [prototype, name] of [
    [HTMLDialogElement.prototype, 'showModal'],
    [HTMLScriptElement.prototype, 'noModule'],
  ] as const)
    if (!(name in prototype))
      Object.defineProperty(prototype, name, { value: undefined, configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  delete (window as unknown as Record<string, unknown>)[FLOOR_CHECK_GLOBAL]
  document.documentElement.removeAttribute('data-below-floor')
  document.title = ''
})

describe('the browser check', () => {
  it('leaves a browser on the floor alone, and hands the start its signals', () => {
    runCheck()
    expect(isBelowFloor()).toBe(false)
    expect(screen.getByText('Carregando…')).toBeInTheDocument()
    expect(window).toHaveProperty([FLOOR_CHECK_GLOBAL, 'started'])
  })

  it('on an iPhone without what iOS 15.4 brought, says to update iOS instead of the screen', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_15_2)
    vi.stubGlobal('structuredClone', undefined)
    vi.spyOn(window, 'stop').mockImplementation(() => undefined)
    runCheck()
    expect(isBelowFloor()).toBe(true)
    expect(window.stop).toHaveBeenCalled()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADING)
    expect(
      screen.getByText(/^Atualize o iOS para 15\.4 ou mais recente: Ajustes › Geral/),
    ).toBeInTheDocument()
    expect(
      screen.getByText(/no Chrome 100, no Samsung Internet 18 ou no Firefox 115/),
    ).toBeInTheDocument()
    expect(screen.queryByText('Carregando…')).not.toBeInTheDocument()
    expect(document.title).toBe('Atualize o navegador · Avaliador')
  })

  it('shows its page when the boot cannot parse a file, until the entry has run', () => {
    runCheck()
    const check = (window as unknown as Record<string, { cannotStart(): void }>)[
      FLOOR_CHECK_GLOBAL
    ]!
    markAppStarted()
    check.cannotStart()
    expect(isBelowFloor()).toBe(false)

    runCheck()
    ;(window as unknown as Record<string, { cannotStart(): void }>)[
      FLOOR_CHECK_GLOBAL
    ]!.cannotStart()
    expect(isBelowFloor()).toBe(true)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(HEADING)
  })
})
