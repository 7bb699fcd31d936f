/**
 * Builds the photo benchmark's page (index.html + bench-page.ts) on its own, outside the app's
 * dist/: the app's compressor is bundled from src/ exactly as the app bundles it (the same
 * `@/` alias, target and worker handling), and browser-image-compression comes in here only.
 * scripts/bench/photo-compression.ts passes `build.outDir` (a temporary folder).
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  resolve: {
    alias: { '@': fileURLToPath(new URL('../../../src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    emptyOutDir: true,
    reportCompressedSize: false,
  },
})
