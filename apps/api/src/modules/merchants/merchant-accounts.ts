import { personAccounts } from '../auth';
import { merchants } from './merchant.table';

/** Merchants' sign-in and sessions (the shared person accounts of the auth module). */
export const merchantAccounts = personAccounts(
  'merchant',
  { ...merchants, table: merchants },
  ['active'],
  'Your merchant account is suspended. Please contact the shop.',
);
