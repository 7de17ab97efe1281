import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

/** A lender's or borrower's loans, schedules and repayments (decision 051); the lists and forms are declared resources. */
export const loanRoutes: RouteObject[] = [
  {
    path: 'loaner/details/:id',
    lazy: lazyRoute('loaner-details', () => import('./LoanerDetails')),
    handle: { title: 'Lender or borrower' } satisfies RouteHandle,
  },
];
