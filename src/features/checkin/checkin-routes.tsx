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
        path: 'checklist',
        lazy: async () => ({ Component: (await import('./checklist-page')).ChecklistPage }),
      },
      {
        path: 'attendants',
        lazy: async () => ({ Component: (await import('./attendants-page')).AttendantsPage }),
      },
      {
        path: 'times',
        lazy: async () => ({ Component: (await import('./times-page')).TimesPage }),
      },
      {
        path: 'evidences',
        lazy: async () => ({ Component: (await import('./evidences-page')).EvidencesPage }),
      },
      {
        path: 'awards',
        lazy: async () => ({ Component: (await import('./awards-page')).AwardsPage }),
      },
      {
        path: 'notes',
        lazy: async () => ({ Component: (await import('./notes-page')).NotesPage }),
      },
    ],
  },
]
