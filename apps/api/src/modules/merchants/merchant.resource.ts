import { merchantDescriptor, type merchantInput } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { invalid } from '../../http/errors';
import { createResource } from '../../http/resource';
import { hashPassword } from '../../lib/password';
import { deleteSessionsOf } from '../auth';
import { merchants } from './merchant.table';
import { productCountsOf } from './product-usage';

/** `/admin/merchant`, `/admin/merchant/add`, `/admin/merchant/edit/{id}`: suppliers who sell through the shop. */
export const merchantResource = createResource(merchantDescriptor, {
  table: merchants,
  id: merchants.id,
  search: [merchants.name, merchants.phone, merchants.email, merchants.companyName],
  sort: { id: merchants.id, name: merchants.name, company_name: merchants.companyName, created_at: merchants.createdAt },
  filters: {
    status: {
      where: (value) => eq(merchants.status, value === 1 ? 'active' : 'suspended'),
    },
  },
  unique: [
    { column: merchants.phone, field: 'phone', message: 'Another merchant already uses this phone number.' },
    { column: merchants.email, field: 'email', message: 'Another merchant already uses this email address.' },
  ],
  usedBy: [{ label: 'products', count: async ({ db }, id) => (await productCountsOf(db, [id])).get(id) ?? 0 }],
  async toValues(_ctx, input: z.output<typeof merchantInput>, existing) {
    if (!existing && !input.password) throw invalid('password', 'Give the new merchant a password of at least 8 characters.');
    return {
      name: input.name,
      phone: input.phone,
      email: input.email,
      companyName: input.company_name,
      status: input.status === 1 ? 'active' : 'suspended',
      ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
    };
  },
  async afterSave(ctx, { row, input, existing }) {
    const tx = ctx.db;
    // Suspended, or given a new password: their sessions end at once.
    if (existing && (input.status === 0 || input.password)) await deleteSessionsOf(tx, 'merchant', Number(row.id));
  },
  async toViews({ db }, rows) {
    const ids = rows.map((row) => Number(row.id));
    const usage = await productCountsOf(db, ids);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      phone: row.phone,
      email: row.email ?? '',
      company_name: row.companyName,
      status: row.status === 'active' ? 1 : 0,
      products_count: usage.get(Number(row.id)) ?? 0,
      created_at: row.createdAt,
    }));
  },
});
