import { GATEWAY_CODES, GATEWAY_NAMES, PAYMENT_STATES, paymentDescriptor } from '@haat/contracts';
import { Anchor, Code, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { defineResource } from '../resources/types';
import { gatewayName, PAYMENT_STATE_LABELS, PaymentStateBadge, PURPOSE_LABELS } from './payment-ui';

/**
 * `/admin/payment/list` (decision 062): every online payment attempt, newest first — its order, gateway, what it
 * paid for, amounts and state — by gateway, state and the day it started; searched by invoice, order number or the
 * gateway's transaction id; CSV. Read-only: checkout starts attempts and the gateways' answers change them.
 */
export default defineResource(paymentDescriptor, {
  list: {
    columns: [
      { key: 'created_at', label: 'Started', sort: 'created_at', render: (row) => formatDateTime(row.created_at) },
      {
        key: 'order_number',
        label: 'Order',
        render: (row) => (
          <Anchor component={Link} to={`/admin/view/order/${row.order_id}`} fz="sm" fw={600}>
            {row.order_number}
          </Anchor>
        ),
      },
      {
        key: 'gateway',
        label: 'Gateway',
        render: (row) => (
          <>
            <Text fz="sm">{phrase(gatewayName(row.gateway))}</Text>
            <Text fz="xs" c="dimmed">
              {phrase(PURPOSE_LABELS[row.purpose])}
            </Text>
          </>
        ),
      },
      { key: 'invoice', label: 'Invoice' },
      { key: 'amount', label: 'Amount', sort: 'amount', kind: 'money', align: 'right' },
      { key: 'fee', label: 'Gateway fee', kind: 'money', align: 'right' },
      { key: 'refunded_amount', label: 'Refunded', kind: 'money', align: 'right' },
      {
        key: 'state',
        label: 'State',
        render: (row) => (
          <>
            <PaymentStateBadge state={row.state} />
            {row.message && (
              <Text fz="xs" c={row.state === 'failed' ? 'red.8' : 'dimmed'} maw={200}>
                {phrase(row.message)}
              </Text>
            )}
          </>
        ),
      },
      { key: 'trx_id', label: 'Transaction', render: (row) => (row.trx_id ? <Code>{row.trx_id}</Code> : '—') },
      { key: 'paid_at', label: 'Paid at', sort: 'paid_at', render: (row) => (row.paid_at ? formatDateTime(row.paid_at) : '—') },
    ],
    filters: [
      { name: 'gateway', label: 'Gateway', options: GATEWAY_CODES.map((code) => ({ value: code, label: GATEWAY_NAMES[code] })) },
      { name: 'state', label: 'State', options: PAYMENT_STATES.map((state) => ({ value: state, label: PAYMENT_STATE_LABELS[state] })) },
    ],
    dateRange: { from: 'from', to: 'to', label: 'Started' },
    searchPlaceholder: 'Invoice, order number or transaction id',
    empty: 'No online payment yet. When a shopper pays by bKash, Nagad or card, each attempt shows here.',
  },
});
