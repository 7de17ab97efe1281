import type { MerchantDashboardView, MerchantProfileView } from '@haat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../lib/api';

/** The merchant portal's own reads (the money pages' are ui/portal/money's). */
export const merchantQueries = {
  dashboard: () =>
    queryOptions({ queryKey: ['merchant', 'dashboard'], queryFn: () => get<{ data: MerchantDashboardView }>('/api/merchant/dashboard') }),
  profile: () =>
    queryOptions({ queryKey: ['merchant', 'profile'], queryFn: () => get<{ data: MerchantProfileView }>('/api/merchant/profile') }),
};
