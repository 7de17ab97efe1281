import {
  GATEWAY_CODES,
  GATEWAY_NAMES,
  RECONCILIATION_FLAGS,
  type ReconciliationRunView,
  reconciliationItemDescriptor,
  reconciliationRunDescriptor,
} from '@haat/contracts';
import { Anchor, Code } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { defineResource } from '../resources/types';
import { FLAG_LABELS, FlagBadge, gatewayName } from './payment-ui';
import { ResolveCell, Side } from './reconciliation-actions';

/** A run as the run filter names it: "bKash, 26 Nov 2026 – 27 Nov 2026 (#12)". */
const runName = (row: Record<string, unknown>) => {
  const run = row as ReconciliationRunView;
  const days = run.from === run.to ? formatDate(run.from) : `${formatDate(run.from)} – ${formatDate(run.to)}`;
  return `${phrase(gatewayName(run.gateway))}, ${days} (#${run.id})`;
};

/**
 * `/admin/payment/reconciliation/items` (decision 062): what the reconciliation runs flagged — a payment missing at
 * the gateway or here, an amount or a state that differs — newest first, by run, gateway, kind and whether it is
 * resolved; each unresolved one is resolved here with a note of what was found or done.
 */
export default defineResource(reconciliationItemDescriptor, {
  list: {
    columns: [
      { key: 'flag', label: 'Found', render: (row) => <FlagBadge flag={row.flag} /> },
      { key: 'at', label: 'When', sort: 'id', render: (row) => formatDateTime(row.at) },
      { key: 'gateway', label: 'Gateway', render: (row) => phrase(gatewayName(row.gateway)) },
      {
        key: 'order_number',
        label: 'Order',
        render: (row) =>
          row.order_id && row.order_number ? (
            <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm">
              {row.order_number}
            </Anchor>
          ) : (
            '—'
          ),
      },
      { key: 'reference', label: 'Reference', render: (row) => <Code>{row.reference}</Code> },
      {
        own: true,
        key: 'ours',
        label: 'Our record',
        render: (row) => <Side amount={row.our_amount} state={row.our_state} testId="item-ours" />,
      },
      {
        own: true,
        key: 'theirs',
        label: 'The gateway says',
        render: (row) => <Side amount={row.their_amount} state={row.their_state} testId="item-theirs" />,
      },
      { key: 'resolved_at', label: 'Resolved', render: (row) => <ResolveCell item={row} /> },
    ],
    filters: [
      {
        name: 'resolved',
        label: 'Resolved',
        options: [
          { value: 'false', label: 'Unresolved' },
          { value: 'true', label: 'Resolved' },
        ],
      },
      { name: 'flag', label: 'Kind', options: RECONCILIATION_FLAGS.map((flag) => ({ value: flag, label: FLAG_LABELS[flag] })) },
      { name: 'gateway', label: 'Gateway', options: GATEWAY_CODES.map((code) => ({ value: code, label: GATEWAY_NAMES[code] })) },
      { name: 'run', label: 'Run', reference: { api: reconciliationRunDescriptor.path, label: runName } },
    ],
    searchPlaceholder: 'Reference or order number',
    empty: 'Nothing is waiting: our records agree with the gateways.',
  },
});
