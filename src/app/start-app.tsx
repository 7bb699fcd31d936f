/** Mounts the app: providers, router, and where an expired session sends the agent. */
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@/styles/global.css'
import { SnackbarProvider } from '@/components/snackbar'
import { setSessionExpiredHandler } from '@/lib/api'
import { createQueryClient } from '@/lib/query-client'
import { clearSession } from '@/lib/session'
import { createAppRouter } from './router'
import { setRuntimeConfig, type RuntimeConfig } from './runtime-config'

export function startApp(config: RuntimeConfig, container: HTMLElement, frame?: ReactNode) {
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  const router = createAppRouter(config.basename)
  setSessionExpiredHandler(() => {
    const { pathname, search } = router.state.location
    if (pathname.startsWith('/logout') || pathname.startsWith('/login')) return
    sessionStorage.setItem('avaliador.return-to', pathname + search)
    clearSession()
    void router.navigate(
      `/logout?message=${encodeURIComponent('Sua sessão expirou. Entre novamente para continuar de onde parou.')}`,
    )
  })
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          {frame}
          <RouterProvider router={router} />
        </SnackbarProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  return { router, queryClient }
}
