import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Lazy route chunks load on first visit; on a busy 2-core machine that can pass 1 s.
configure({ asyncUtilTimeout: 5000 })

// Globals are off, so Testing Library cannot clean up by itself.
afterEach(() => cleanup())

// jsdom has no <dialog> methods; the Sheet uses showModal/close.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

// jsdom does not lay out or scroll; React Router's ScrollRestoration scrolls on every
// navigation. The real scrolling is tested in Chromium (e2e/agent-app.spec.ts).
window.scrollTo = (() => {}) as typeof window.scrollTo
