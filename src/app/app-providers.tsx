/**
 * The providers around every screen, the same in the browser (start-app.tsx) and in the
 * build-time prerender (prerender.tsx), so a prerendered page and the first render in the
 * browser are the same tree and hydrate without a mismatch.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { SnackbarProvider } from '@/components/snackbar'
import { VisitSyncProvider } from '@/lib/visit-store/sync-provider'

export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient
  children: ReactNode
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <VisitSyncProvider>{children}</VisitSyncProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </StrictMode>
  )
}
