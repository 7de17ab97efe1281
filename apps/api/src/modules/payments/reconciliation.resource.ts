import {
  fromPaisa,
  GATEWAY_NAMES,
  type ReconciliationFlag,
  type ReconciliationRunStatus,
  reconciliationItemDescriptor,
  reconciliationRunDescriptor,
} from '@haat/contracts';
import { and, eq, gt, gte, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { createResource, likeContains } from '../../http/resource';
import { paymentReconciliationItems as items, payments, paymentReconciliations as runs } from './payment.table';
import { type ItemRow, itemViews, type RunRow, runViews } from './reconciliation.service';

/** The machinery hands rows with the table's keys; dates may come as strings on some drivers. */
const asRun = (row: Record<string, unknown>): RunRow => ({ ...row, createdAt: new Date(row.createdAt as string | Date) }) as RunRow;
const asItem = (row: Record<string, unknown>): ItemRow =>
  ({ ...row, resolvedAt: row.resolvedAt ? new Date(row.resolvedAt as string | Date) : null }) as ItemRow;

/** Whether some of a run's differences are still open. */
const hasOpenItems = sql`exists (select 1 from ${items} where ${items.reconciliationId} = ${runs.id} and ${items.resolvedAt} is null)`;

const RUN_STATUS: Record<ReconciliationRunStatus, SQL | undefined> = {
  open: hasOpenItems,
  resolved: and(gt(runs.flagged, 0), sql`not ${hasOpenItems}`),
  clean: eq(runs.flagged, 0),
};

const FLAG_LABELS: Record<ReconciliationFlag, string> = {
  missing_at_gateway: 'Missing at the gateway',
  missing_here: 'Missing here',
  amount_mismatch: 'Amount differs',
  state_mismatch: 'State differs',
};

const day = (iso: string) => iso.slice(0, 16).replace('T', ' ');
const taka = (amount: number | null) => (amount === null ? '' : fromPaisa(amount));

/**
 * `/admin/payment/reconciliation` (decision 062): the runs, newest first, by gateway, how they compared, whether
 * what they flagged is still open, and the days they covered (a run counts for a range it overlaps).
 */
export const reconciliationRunResource = createResource(reconciliationRunDescriptor, {
  table: runs,
  id: runs.id,
  sort: { id: runs.id, created_at: runs.createdAt },
  filters: {
    gateway: { column: runs.gateway },
    source: { column: runs.source },
    status: { where: (value) => RUN_STATUS[value as ReconciliationRunStatus] },
    from: { where: (value) => gte(runs.toDate, value as string) },
    to: { where: (value) => lte(runs.fromDate, value as string) },
  },
  toValues: () => ({}),
  toViews: async ({ db }, rows) => (await runViews(db, rows.map(asRun))).map((view) => ({ ...view })),
  async toCsvRows({ db }, rows) {
    return (await runViews(db, rows.map(asRun))).map((run) => ({
      Id: run.id,
      When: day(run.at),
      Gateway: GATEWAY_NAMES[run.gateway],
      How: run.source === 'report' ? 'Settlement report' : 'Asked the gateway',
      From: run.from,
      To: run.to,
      Checked: run.checked,
      Matched: run.matched,
      Flagged: run.flagged,
      Open: run.open,
      By: run.admin_name ?? 'The daily job',
    }));
  },
});

/**
 * `/admin/payment/reconciliation/items` (decision 062): what the runs flagged, newest first, by run, gateway, kind
 * and resolved or not; searched by the gateway's reference or our order number (HB-100245 finds HB100245P1).
 */
export const reconciliationItemResource = createResource(reconciliationItemDescriptor, {
  table: items,
  id: items.id,
  searchWhere: (q) => {
    const compact = q.replace(/[\s-]/g, '');
    return or(
      ilike(items.reference, likeContains(q.trim())),
      inArray(items.paymentId, sql`(select ${payments.id} from ${payments} where ${ilike(payments.invoice, likeContains(compact))})`),
    );
  },
  sort: { id: items.id },
  filters: {
    run: { column: items.reconciliationId },
    gateway: { where: (value) => inArray(items.reconciliationId, sql`(select ${runs.id} from ${runs} where ${runs.gateway} = ${value})`) },
    flag: { column: items.flag },
    resolved: { where: (value) => (value ? isNotNull(items.resolvedAt) : isNull(items.resolvedAt)) },
  },
  toValues: () => ({}),
  toViews: async ({ db }, rows) => (await itemViews(db, rows.map(asItem))).map((view) => ({ ...view })),
  async toCsvRows({ db }, rows) {
    return (await itemViews(db, rows.map(asItem))).map((item) => ({
      Id: item.id,
      Run: item.reconciliation_id,
      Found: day(item.at),
      Gateway: GATEWAY_NAMES[item.gateway],
      Kind: FLAG_LABELS[item.flag],
      Reference: item.reference,
      Order: item.order_number ?? '',
      'Our amount': taka(item.our_amount),
      'Our state': item.our_state ?? '',
      'Their amount': taka(item.their_amount),
      'Their state': item.their_state ?? '',
      Resolved: item.resolved_at ? day(item.resolved_at) : '',
      'Resolved by': item.resolved_by ?? '',
      Note: item.note,
    }));
  },
});
