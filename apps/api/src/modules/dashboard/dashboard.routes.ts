import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../http/auth';
import { requestCtx } from '../../http/request-context';
import { readSetting, SETTING_GROUPS } from '../settings';
import { buildDashboard, type DashboardContribution } from './dashboard.service';

export interface DashboardOptions {
  /** Each module's figures, in the order they show (the app factory collects them). */
  contributions: readonly DashboardContribution[];
}

export async function dashboardRoutes(app: FastifyInstance, { contributions }: DashboardOptions) {
  app.get('/api/admin/dashboard', { preHandler: requireAdmin('dashboard.view') }, async (request) => {
    const { db, now } = requestCtx(request);
    const general = await readSetting(db, SETTING_GROUPS.general);
    return buildDashboard({ db, timeZone: general.time_zone, now }, request.admin.permissions, contributions);
  });
}
