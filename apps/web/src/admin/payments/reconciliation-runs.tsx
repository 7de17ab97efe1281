import { GATEWAY_CODES, GATEWAY_NAMES, reconciliationRunDescriptor } from '@haat/contracts';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { defineResource } from '../resources/types';
import { gatewayName } from './payment-ui';
import { ReconciliationActions, unresolvedPath } from './reconciliation-actions';

/**
 * `/admin/payment/reconciliation` (decision 062): each comparison of our payment records with a gateway's — the
 * daily job's, "Run now" for chosen days, or an uploaded settlement report — newest first, with what it checked,
 * matched and flagged, and how many of its flagged payments are still unresolved (a link to them).
 */
export default defineResource(reconciliationRunDescriptor, {
  list: {
    intro: 'The shop checks each day by itself; run a check for other days here, or compare a settlement report from the gateway.',
    columns: [
      { key: 'at', label: 'When', sort: 'created_at', render: (row) => formatDateTime(row.at) },
      { key: 'gateway', label: 'Gateway', render: (row) => phrase(gatewayName(row.gateway)) },
      {
        own: true,
        key: 'days',
        label: 'Days',
        render: (row) => (row.from === row.to ? formatDate(row.from) : `${formatDate(row.from)} – ${formatDate(row.to)}`),
      },
      { key: 'source', label: 'How', render: (row) => phrase(row.source === 'report' ? 'Settlement report' : 'Asked the gateway') },
      { key: 'checked', label: 'Checked', kind: 'number', align: 'right' },
      { key: 'matched', label: 'Matched', kind: 'number', align: 'right' },
      {
        key: 'flagged',
        label: 'Flagged',
        align: 'right',
        render: (row) => (
          <Text component="span" fz="sm" fw={row.flagged > 0 ? 700 : undefined} c={row.flagged > 0 ? 'red.8' : undefined}>
            {row.flagged}
          </Text>
        ),
      },
      {
        key: 'open',
        label: 'Unresolved',
        align: 'right',
        render: (row) =>
          row.open > 0 ? (
            <Anchor
              component={Link}
              to={unresolvedPath(row.id)}
              fz="sm"
              fw={700}
              aria-label={phrase('Show the {{count}} unresolved flagged payments of this run', { count: String(row.open) })}
              data-testid="run-unresolved"
            >
              {row.open}
            </Anchor>
          ) : (
            '0'
          ),
      },
      { key: 'admin_name', label: 'By', render: (row) => row.admin_name ?? phrase('The daily job') },
    ],
    filters: [
      { name: 'gateway', label: 'Gateway', options: GATEWAY_CODES.map((code) => ({ value: code, label: GATEWAY_NAMES[code] })) },
      {
        name: 'source',
        label: 'How',
        options: [
          { value: 'query', label: 'Asked the gateway' },
          { value: 'report', label: 'Settlement report' },
        ],
      },
      {
        name: 'status',
        label: 'Status',
        options: [
          { value: 'open', label: 'Some unresolved' },
          { value: 'resolved', label: 'All resolved' },
          { value: 'clean', label: 'Nothing flagged' },
        ],
      },
    ],
    dateRange: { from: 'from', to: 'to', label: 'Days checked' },
    search: false,
    empty: 'No check has been run yet.',
    actions: () => <ReconciliationActions />,
  },
});
