import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** The team's salary screens (decision 050); the members themselves are a declared resource. */
export const teamRoutes: RouteObject[] = [
  { path: 'team/salary/:id', lazy: lazyRoute('team-salary', () => import('./SalaryMember')), handle: handle('Salary') },
  { path: 'team/salary/:id/:month', lazy: lazyRoute('team-salary-month', () => import('./SalaryMonth')), handle: handle('Salary month') },
];
