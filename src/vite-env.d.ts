/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the real API (default `/api`). */
  readonly VITE_API_BASE_URL?: string
  /** `false` builds without the /preview demo. */
  readonly VITE_INCLUDE_PREVIEW?: string
  readonly VITE_APP_VERSION?: string
}

/** The build's API-shape hash: a query cache kept by a build with other shapes is dropped. */
declare const __QUERY_CACHE_BUSTER__: string | undefined
