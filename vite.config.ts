import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import type * as FakeBackend from './mocks/fake-backend'
import type * as NodeHttp from './mocks/node-http'

type FakeBackendModule = typeof FakeBackend
type NodeHttpModule = typeof NodeHttp

/**
 * Writes dist/bundle-modules.json: for each chunk, whether it is the entry, what it imports
 * statically and lazily, and which source modules it holds. scripts/check-bundle.ts reads it
 * to prove the agent app loads no byte of msw, faker, @msw/data or mocks/.
 */
function bundleModulesReport(): Plugin {
  return {
    name: 'avaliador:bundle-modules-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: Object.keys(chunk.modules).map((id) => id.replace(process.cwd(), '')),
        }))
      this.emitFile({
        type: 'asset',
        fileName: 'bundle-modules.json',
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}

/**
 * `npm run dev`: answers `/api/*` with the same fake backend `npm start` serves, loaded
 * through Vite's SSR loader so it shares the app's TypeScript and aliases.
 */
function devFakeBackend(): Plugin {
  return {
    name: 'avaliador:dev-fake-backend',
    // Not inside Vitest, which also runs a Vite server.
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    configureServer(server) {
      const ready = (async () => {
        const { createFakeBackend } = (await server.ssrLoadModule(
          '/mocks/fake-backend.ts',
        )) as FakeBackendModule
        const { fakeBackendMiddleware } = (await server.ssrLoadModule(
          '/mocks/node-http.ts',
        )) as NodeHttpModule
        const backend = await createFakeBackend({
          latencyMs: [150, 600],
          controlApi: true,
          log: (message) => server.config.logger.info(`[fake-backend] ${message}`),
        })
        return fakeBackendMiddleware(() => backend.handlers)
      })()
      server.middlewares.use('/api', (req, res, next) => {
        req.url = `/api${req.url ?? ''}`
        void ready.then((middleware) => middleware(req, res, next))
      })
    },
  }
}

export default defineConfig({
  plugins: [react(), bundleModulesReport(), devFakeBackend()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    port: 5173,
  },
})
