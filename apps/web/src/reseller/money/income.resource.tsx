import type { CashbookEntry, ResellerBalance } from '@haat/contracts';
import { Anchor, Card, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { BalanceFigures } from '../../ui/portal/money/BalanceCard';
import { useMoney, useMoneyText } from '../../ui/portal/money/money';
import { type DeclaredResource, LIST_ONLY } from '../../ui/resource/declared-routes';

/** `/dropshipper/cashbook/income`: profit credited per delivered order, reversals and return charges. */
export default function useIncomeResource(): DeclaredResource {
  const { t } = useMoneyText();
  const money = useMoney();
  const entry = (row: Record<string, unknown>) => row as unknown as CashbookEntry;
  return {
    title: t('income.title'),
    singular: t('income.title'),
    readOnly: true,
    resource: {
      api: '/api/reseller/cashbook/income',
      ...LIST_ONLY,
      list: {
        intro: t('income.intro'),
        summary: (answer) => (
          <Card withBorder>
            <BalanceFigures balance={answer.balance as ResellerBalance} />
          </Card>
        ),
        search: false,
        export: false,
        empty: t('income.empty'),
        columns: [
          { key: 'at', label: t('income.date'), render: (row) => formatDateTime(entry(row).at) },
          { key: 'kind', label: t('income.description'), render: (row) => t(`kinds.${entry(row).kind}`) },
          {
            key: 'order_number',
            label: t('income.order'),
            render: ({ order_id, order_number }) =>
              order_id && order_number ? (
                <Anchor component={Link} to={`/dropshipper/order/view/${order_id}`}>
                  {String(order_number)}
                </Anchor>
              ) : (
                '—'
              ),
          },
          {
            key: 'amount',
            label: t('income.amount'),
            align: 'right',
            render: ({ amount }) => (
              <Text component="span" fw={600} c={Number(amount) < 0 ? 'red.8' : 'teal.9'}>
                {Number(amount) > 0 ? '+' : ''}
                {money(Number(amount))}
              </Text>
            ),
          },
        ],
      },
    },
  };
}
