import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Our own companies' bespoke screens (decision 052); assets, investments and directors are declared resources. */
export const ownCompanyRoutes: RouteObject[] = [
  {
    path: 'company/investor/details/:id',
    lazy: lazyRoute('investor-details', () => import('./InvestorDetails')),
    handle: handle('Investor'),
  },
  {
    path: 'director/payment/details/:id',
    lazy: lazyRoute('director-payments', () => import('./DirectorPayments')),
    handle: handle('Director payments'),
  },
];
