import type { RouteObject } from 'react-router-dom'

/** The check-in shell: `tasks/:slug/checkin` and its children (no bottom navigation). */
export const checkinRoutes: RouteObject[] = [
  {
    path: 'tasks/:slug/checkin',
    lazy: async () => ({ Component: (await import('./checkin-shell')).CheckinShell }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./control-page')).ControlPage }),
      },
      {
        path: 'offline-checkout',
        lazy: async () => ({
          Component: (await import('./offline-checkout-page')).OfflineCheckoutPage,
        }),
      },
      {
        path: 'timeout',
        // In the control page's chunk: both check out with what is missing, through the same
        // code (checkout-button.tsx, visit-completeness.ts), loaded once.
        lazy: async () => ({ Component: (await import('./control-page')).TimeoutPage }),
      },
      {
        path: 'instructions',
        lazy: async () => ({ Component: (await import('./instructions-page')).InstructionsPage }),
      },
      {
        // Each part's page, for every part that declares one (`checkinPage` in the parts'
        // registry, REPORT_PARTS): its editor's code loads with it (the page's loader).
        path: ':part',
        lazy: async () => {
          const { PartPage, partPageHandle, partPageLoader } = await import('./part-page')
          return { Component: PartPage, loader: partPageLoader, handle: partPageHandle }
        },
      },
      {
        path: 'notes',
        lazy: async () => ({ Component: (await import('./notes-page')).NotesPage }),
      },
    ],
  },
]
