import { count, eq } from 'drizzle-orm';
import type { DashboardContribution } from '../dashboard';
import { admins } from './admin.table';

export { adminAccounts, adminNames, createAdmin, findAdmin, loadAdminView } from './admin.service';
export { type AdminHolder, adminsHolding, adminsHoldingSql } from './admin-holders.service';
export { staffChoices } from './staff-choices.service';

export const staffDashboard: DashboardContribution = {
  permission: 'admin.view',
  async cards({ db }) {
    const [row] = await db.select({ n: count() }).from(admins).where(eq(admins.status, 'active'));
    return [{ id: 'staff', label: 'Active staff accounts', value: row?.n ?? 0, format: 'count', link: '/admin/listAdmin' }];
  },
};
