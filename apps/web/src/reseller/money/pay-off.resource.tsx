import type { ResellerBalance, WithdrawalView } from '@haat/contracts';
import { Card, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/dates';
import { BalanceFigures } from '../../ui/portal/money/BalanceCard';
import { channelLabel, useMoney, useMoneyText } from '../../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../../ui/resource/declared-routes';

/** `/dropshipper/cashbook/pay/off`: withdrawals the shop paid, with how and the transaction id. */
export default function usePayOffResource(): DeclaredResource {
  const { t } = useMoneyText();
  const money = useMoney();
  const paid = (row: Record<string, unknown>) => row as unknown as WithdrawalView;
  return {
    title: t('payOff.title'),
    singular: t('payOff.title'),
    readOnly: true,
    resource: {
      api: '/api/reseller/cashbook/pay-off',
      ...LIST_ONLY,
      list: {
        intro: t('payOff.intro'),
        summary: (answer) => (
          <Card withBorder>
            <BalanceFigures balance={answer.balance as ResellerBalance} />
          </Card>
        ),
        searchPlaceholder: t('payOff.search'),
        export: false,
        empty: t('payOff.empty'),
        columns: [
          {
            key: 'decided_at',
            label: t('payOff.paidAt'),
            render: (row) => (paid(row).decided_at ? formatDateTime(String(paid(row).decided_at)) : '—'),
          },
          { key: 'number', label: t('payOff.number') },
          { key: 'payout_label', label: t('payOff.to') },
          { key: 'paid_method', label: t('payOff.method'), render: (row) => channelLabel(paid(row).paid_method) },
          {
            key: 'transaction_id',
            label: t('payOff.transaction'),
            render: (row) => <Text ff="monospace">{paid(row).transaction_id}</Text>,
          },
          { key: 'amount', label: t('payOff.amount'), align: 'right', render: (row) => <Text fw={600}>{money(paid(row).amount)}</Text> },
        ],
      },
    },
  };
}
