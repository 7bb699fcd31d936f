import type { RouteObject } from 'react-router-dom'

export const walletRoutes: RouteObject[] = [
  {
    path: 'account/wallet',
    lazy: async () => ({ Component: (await import('./wallet-page')).WalletPage }),
  },
  {
    path: 'account/bank-info',
    lazy: async () => ({ Component: (await import('./bank-info-page')).BankInfoPage }),
  },
  {
    path: 'account/details',
    children: [
      {
        // `/account/details` alone names no detail: say so rather than show an empty shell.
        index: true,
        lazy: async () => ({
          Component: (await import('./detail-not-found-page')).DetailNotFoundPage,
        }),
      },
      {
        path: 'transactions/:id',
        lazy: async () => ({
          Component: (await import('./transaction-detail-page')).TransactionDetailPage,
        }),
      },
      {
        path: 'awards/:code',
        lazy: async () => ({ Component: (await import('./award-detail-page')).AwardDetailPage }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('./detail-not-found-page')).DetailNotFoundPage,
        }),
      },
    ],
  },
]
