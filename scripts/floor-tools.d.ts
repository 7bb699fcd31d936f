/** The parts of es-check and doiuse that scripts/check-floor.ts uses (neither types them for it). */
declare module 'es-check' {
  type Config = {
    ecmaVersion?: string
    checkBrowser?: boolean
    checkFeatures?: boolean
    browserslistQuery?: string
    module?: boolean
    files: string[]
    ignore?: string
    noCache?: boolean
  }
  const esCheck: {
    runChecks(
      configs: Config[],
      options: { logger: null },
    ): { success: boolean; errors: Array<{ file: string; err: Error }> }
  }
  export default esCheck
}

declare module 'doiuse' {
  import type { Plugin } from 'postcss'
  export default function doiuse(options: {
    browsers: string[]
    ignore?: string[]
    onFeatureUsage?: (usage: { feature: string; message: string }) => void
  }): Plugin
}
