/**
 * Entry point. The agent app and the demo share this file; the demo's code (msw, the fake
 * database, faker) is only reached through the dynamic import below, so the agent app never
 * downloads it, and a build with VITE_INCLUDE_PREVIEW=false leaves it out entirely.
 */
import './lib/zod-without-eval'
import { startAgentApp } from './app/early-start'
import { startApp } from './app/start-app'
import { restoreDeviceStorage } from './lib/device-storage'
import { isBelowFloor, markAppStarted } from './lib/floor-check'
import { isPreviewPath } from './lib/preview-path'

// The app is imported statically: its chunks are in index.html's modulepreload links and
// start downloading with the entry, one round trip earlier than behind a dynamic import.
function start(container: HTMLElement) {
  if (import.meta.env.VITE_INCLUDE_PREVIEW !== 'false' && isPreviewPath(window.location.pathname)) {
    // What localStorage lost when the demo was last killed comes back from its mirror before
    // anything reads it (lib/device-storage); the agent app's start does the same itself.
    void restoreDeviceStorage()
      .catch(() => 0)
      .then(() => import('./preview/start-preview'))
      .then((m) => m.startPreview(container))
  } else {
    // Usually begun already by the boot, as soon as early-start.ts had run: the same start.
    void startApp(startAgentApp(), container)
  }
}

// Below the floor, the document's browser check (src/app/floor-check.js) shows its page
// instead: nothing starts. Else every file of the start parsed and ran in this browser, and
// the check stands down.
if (!isBelowFloor()) {
  markAppStarted()
  start(document.getElementById('root')!)
}
