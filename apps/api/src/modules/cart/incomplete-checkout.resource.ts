import { CALL_OUTCOME_LABELS, type CallOutcome, fromPaisa, INCOMPLETE_STATUS_LABELS, incompleteCheckoutDescriptor } from '@haat/contracts';
import { eq, gte, ilike, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { createResource, likeContains } from '../../http/resource';
import { incompleteDetail, incompleteViews } from './incomplete-checkout.service';
import { incompleteCheckouts } from './incomplete-checkout.table';

/** A day's filter on when the shopper started the checkout: from its start, or up to its end. */
const fromDay = (value: unknown) => gte(incompleteCheckouts.createdAt, new Date(`${value as string}T00:00:00Z`));
const toDay = (value: unknown) => lt(incompleteCheckouts.createdAt, new Date(Date.parse(`${value as string}T00:00:00Z`) + 86_400_000));

/**
 * `/admin/incomplete/order` (decision 056): the drafts newest change first, by status, latest call
 * outcome, channel (the storefront or a reseller's shop, one reseller's) and the day they were started, searched by phone or name, with CSV. Calls, corrections and
 * conversion are the module's own routes (incomplete-checkout.routes.ts).
 */
export const incompleteCheckoutResource = createResource(incompleteCheckoutDescriptor, {
  table: incompleteCheckouts,
  id: incompleteCheckouts.id,
  searchWhere: (q) => {
    const digits = q.replace(/\D/g, '');
    return or(
      ilike(incompleteCheckouts.name, likeContains(q)),
      digits.length >= 3 ? ilike(incompleteCheckouts.phone, likeContains(digits.replace(/^88/, ''))) : undefined,
    );
  },
  sort: {
    updated_at: incompleteCheckouts.updatedAt,
    created_at: incompleteCheckouts.createdAt,
    subtotal: incompleteCheckouts.subtotal,
    last_called_at: incompleteCheckouts.lastCalledAt,
  },
  filters: {
    status: { column: incompleteCheckouts.status },
    outcome: {
      where: (value) =>
        value === 'none' ? isNull(incompleteCheckouts.lastOutcome) : eq(incompleteCheckouts.lastOutcome, value as CallOutcome),
    },
    channel: {
      where: (value) => (value === 'reseller_shop' ? isNotNull(incompleteCheckouts.resellerId) : isNull(incompleteCheckouts.resellerId)),
    },
    reseller_id: { column: incompleteCheckouts.resellerId },
    from: { where: fromDay },
    to: { where: toDay },
    id: { column: incompleteCheckouts.id },
  },
  toValues: () => ({}),
  toViews: async (ctx, rows) =>
    (
      await incompleteViews(
        ctx,
        rows.map((row) => Number(row.id)),
      )
    ).map((view) => ({ ...view })),
  toDetail: async (ctx, row) => ({ ...(await incompleteDetail(ctx, Number(row.id))) }),
  async toCsvRows(ctx, rows) {
    const views = await incompleteViews(
      ctx,
      rows.map((row) => Number(row.id)),
    );
    return views.map((view) => ({
      Id: view.id,
      Started: view.created_at.slice(0, 16).replace('T', ' '),
      'Last change': view.updated_at.slice(0, 16).replace('T', ' '),
      Shop: view.shop_name ?? 'Website',
      Name: view.name,
      Phone: view.phone,
      Address: view.address,
      City: view.city_name ?? '',
      Area: view.sub_city_name ?? '',
      Items: view.item_count,
      Subtotal: fromPaisa(view.subtotal),
      Status: INCOMPLETE_STATUS_LABELS[view.status],
      Calls: view.call_count,
      'Last outcome': view.last_outcome ? CALL_OUTCOME_LABELS[view.last_outcome] : '',
      'Last call': view.last_called_at?.slice(0, 16).replace('T', ' ') ?? '',
      Order: view.order_number ?? '',
    }));
  },
});
