/**
 * Where this copy of the app runs: the agent app at `/` against the real API, or the demo
 * under `/preview` against the in-browser fake backend. Set once by the entry point.
 */
export type RuntimeConfig = {
  /** Router basename: '' for the agent app, '/preview' for the demo. */
  basename: string
  apiBaseUrl: string
  preview: boolean
}

let current: RuntimeConfig = {
  basename: '',
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api',
  preview: false,
}

export function setRuntimeConfig(next: RuntimeConfig) {
  current = next
}

export function runtimeConfig(): RuntimeConfig {
  return current
}

export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? '0.1.0'
