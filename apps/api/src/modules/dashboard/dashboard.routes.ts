import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { requestCtx } from '../../http/request-context';
import { customerDashboard } from '../customers';
import { merchantDashboard } from '../merchants';
import { orderDashboard } from '../orders';
import { productDashboard } from '../products';
import { resellerDashboard } from '../resellers';
import { readSetting, SETTING_GROUPS } from '../settings/setting.service';
import { staffDashboard } from '../staff';
import { buildDashboard, type DashboardContribution } from './dashboard.service';

/** Each module's figures; the catalogue, orders and resellers issues add theirs here. */
const CONTRIBUTIONS: readonly DashboardContribution[] = [
  orderDashboard,
  productDashboard,
  customerDashboard,
  resellerDashboard,
  merchantDashboard,
  staffDashboard,
];

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/admin/dashboard', { preHandler: requireAdmin('dashboard.view') }, async (request) => {
    const { db, now } = requestCtx(request);
    const general = await readSetting(db, SETTING_GROUPS.general);
    return buildDashboard({ db, timeZone: general.time_zone, now }, request.admin.permissions, CONTRIBUTIONS);
  });
}
