/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Base URL of the real API (default `/api`). */
  readonly VITE_API_BASE_URL?: string
  /** `false` builds without the /preview demo. */
  readonly VITE_INCLUDE_PREVIEW?: string
  readonly VITE_APP_VERSION?: string
}
