/**
 * Entry point. The agent app and the demo share this file; the demo's code (msw, the fake
 * database, faker) is only reached through the dynamic import below, so the agent app never
 * downloads it, and a build with VITE_INCLUDE_PREVIEW=false leaves it out entirely.
 */
import './lib/zod-without-eval'
import { startApp } from './app/start-app'
import { restoreDeviceStorage } from './lib/device-storage'

// The app is imported statically: its chunks are in index.html's modulepreload links and
// start downloading with the entry, one round trip earlier than behind a dynamic import.
const container = document.getElementById('root')!
const inPreview =
  window.location.pathname === '/preview' || window.location.pathname.startsWith('/preview/')

// What localStorage lost when the app was last killed comes back from its mirror before
// anything reads it (the session, a visit's data, half-typed fields): lib/device-storage.
void restoreDeviceStorage()
  .catch(() => 0)
  .then(() => {
    if (import.meta.env.VITE_INCLUDE_PREVIEW !== 'false' && inPreview) {
      void import('./preview/start-preview').then((m) => m.startPreview(container))
    } else {
      void startApp(
        { basename: '', apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api', preview: false },
        container,
      )
    }
  })
