/**
 * Locates the system Chromium that Playwright drives. Browser downloads are not possible on our
 * machines, so `npx playwright install` is never used: Debian's `chromium` package (or any
 * Chrome/Chromium binary named by an env var) is the browser.
 *
 * Order: $CHROMIUM_PATH, $CHROME_PATH, then the usual Debian/Ubuntu/Chrome install paths.
 */
import { accessSync, constants, statSync } from 'node:fs'

export const CHROMIUM_CANDIDATES: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

/** Flags for a headless CI container: no sandbox (root), no background traffic, small /dev/shm. */
export const CHROMIUM_ARGS: string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-dev-shm-usage',
]

const INSTALL_HINT =
  "No Chromium found. Install Debian's chromium (apt-get install -y chromium) " +
  'or set CHROMIUM_PATH=/path/to/chrome'

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  for (const name of ['CHROMIUM_PATH', 'CHROME_PATH'] as const) {
    const value = env[name]?.trim()
    if (!value) continue
    // An explicit path that does not work is a configuration mistake: say so instead of silently
    // falling back to another browser.
    if (!isExecutableFile(value)) {
      throw new Error(`${name}=${value} is not an executable file. ${INSTALL_HINT}`)
    }
    return value
  }
  for (const candidate of CHROMIUM_CANDIDATES) {
    if (isExecutableFile(candidate)) return candidate
  }
  throw new Error(
    `${INSTALL_HINT} (looked in $CHROMIUM_PATH, $CHROME_PATH, ${CHROMIUM_CANDIDATES.join(', ')})`,
  )
}
