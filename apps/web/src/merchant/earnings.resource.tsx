import type { MerchantLedgerEntry, ResellerBalance } from '@haat/contracts';
import { Card, Text } from '@mantine/core';
import { formatDateTime } from '../lib/dates';
import { usePhrase } from '../lib/phrases';
import { BalanceFigures } from '../ui/portal/money/BalanceCard';
import { useMoney } from '../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../ui/resource/declared-routes';

/** `/merchant/earnings`: the merchant's ledger, newest first: earnings, reversals and withdrawals, with the balance after each. */
export default function useMerchantEarnings(): DeclaredResource {
  const phrase = usePhrase();
  const money = useMoney();
  const entry = (row: Record<string, unknown>) => row as unknown as MerchantLedgerEntry;
  return {
    title: phrase('Earnings'),
    singular: phrase('Entry'),
    readOnly: true,
    resource: {
      api: '/api/merchant/earnings',
      ...LIST_ONLY,
      list: {
        intro: phrase(
          'Your price × quantity is credited when an order is delivered and reversed if it is returned. Withdrawals are taken from the balance.',
        ),
        summary: (answer) => (
          <Card withBorder>
            <BalanceFigures balance={answer.balance as ResellerBalance} />
          </Card>
        ),
        search: false,
        export: false,
        filters: [{ name: 'kind', label: phrase('Show'), options: [{ value: 'earnings', label: phrase('Earnings and reversals only') }] }],
        empty: phrase('Nothing yet. Your earning appears here when an order of your products is delivered.'),
        columns: [
          { key: 'at', label: phrase('Date'), render: (row) => formatDateTime(entry(row).at) },
          {
            key: 'kind',
            label: phrase('Entry'),
            render: (row) => (
              <div>
                <Text fz="sm">{phrase(entry(row).kind_label)}</Text>
                <Text fz="xs" c="dimmed">
                  {entry(row).order_number
                    ? `${entry(row).order_number} · ${entry(row).product_name ?? ''}${entry(row).quantity ? ` × ${entry(row).quantity}` : ''}`
                    : entry(row).note}
                </Text>
              </div>
            ),
          },
          {
            key: 'amount',
            label: phrase('Amount'),
            align: 'right',
            render: (row) => (
              <Text component="span" fw={600} c={entry(row).amount < 0 ? 'red.8' : 'teal.9'} data-testid="ledger-amount">
                {entry(row).amount > 0 ? '+' : ''}
                {money(entry(row).amount)}
              </Text>
            ),
          },
          { key: 'balance_after', label: phrase('Balance'), align: 'right', render: (row) => money(entry(row).balance_after) },
        ],
      },
    },
  };
}
