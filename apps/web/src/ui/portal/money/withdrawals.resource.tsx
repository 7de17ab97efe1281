import type { WithdrawalView } from '@haat/contracts';
import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { type DeclaredResource, LIST_ONLY } from '../../resource/declared-routes';
import { usePortal } from '../portal-context';
import { channelLabel, moneyPaths, useMoney, useMoneyText } from './money';

const STATUS_COLOR = { pending: 'yellow', paid: 'green', rejected: 'red' } as const;

/** `/dropshipper/payment/withdraw/history`: every request, its status, and how it was paid or why not. */
export default function useWithdrawalResource(): DeclaredResource {
  const { t } = useMoneyText();
  const money = useMoney();
  const portal = usePortal();
  const request = (row: Record<string, unknown>) => row as unknown as WithdrawalView;
  return {
    title: t('history.title'),
    singular: t('history.title'),
    readOnly: true,
    resource: {
      api: `${portal.api}/withdrawals`,
      ...LIST_ONLY,
      list: {
        intro: t('history.intro'),
        actions: () => (
          <Button component={Link} to={moneyPaths(portal).request}>
            {t('balance.request')}
          </Button>
        ),
        searchPlaceholder: t('payOff.search'),
        filters: [
          {
            name: 'status',
            label: t('history.status'),
            options: (['pending', 'paid', 'rejected'] as const).map((status) => ({ value: status, label: t(`status.${status}`) })),
          },
        ],
        export: false,
        empty: t('history.empty'),
        // Amount and status first after the request's number: on a phone they are in sight without scrolling.
        columns: [
          { key: 'number', label: t('history.number') },
          { key: 'amount', label: t('history.amount'), align: 'right', render: (row) => money(request(row).amount) },
          {
            key: 'status',
            label: t('history.status'),
            render: (row) => (
              <Badge color={STATUS_COLOR[request(row).status]} variant="light" c="dark.8" miw="max-content">
                {t(`status.${request(row).status}`)}
              </Badge>
            ),
          },
          { key: 'requested_at', label: t('history.requested'), render: (row) => formatDateTime(request(row).requested_at) },
          { key: 'payout_label', label: t('history.to') },
          {
            key: 'details',
            label: t('history.details'),
            render: (row) => {
              const { status, paid_method, transaction_id, reject_reason } = request(row);
              if (status === 'paid') return t('history.paidBy', { method: channelLabel(paid_method), transaction: transaction_id });
              return status === 'rejected' ? t('history.rejected', { reason: reject_reason }) : t('history.waiting');
            },
          },
        ],
      },
    },
  };
}
