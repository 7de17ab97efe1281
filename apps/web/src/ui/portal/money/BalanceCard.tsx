import type { ResellerBalance } from '@haat/contracts';
import { Button, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePortal } from '../portal-context';
import { moneyPaths, moneyQueries, useMoney, useMoneyText } from './money';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="lg" fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** The reseller's figures: available balance first, then what makes it up. */
export function BalanceFigures({ balance }: { balance: ResellerBalance }) {
  const { t } = useMoneyText();
  const money = useMoney();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Figure label={t('balance.available')} value={money(balance.available)} testId="balance-available" />
      <Figure label={t('balance.income')} value={money(balance.income)} />
      <Figure label={t('balance.pending')} value={money(balance.pending_withdrawals)} />
      <Figure label={t('balance.paid')} value={money(balance.paid_withdrawals)} />
    </SimpleGrid>
  );
}

/** The dashboard's balance card, with the way to a withdrawal. */
export function BalanceCard() {
  const { t } = useMoneyText();
  const portal = usePortal();
  const { data } = useQuery(moneyQueries.balance(portal));
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('balance.title')}
        </Title>
        <Button component={Link} to={moneyPaths(portal).request} size="xs">
          {t('balance.request')}
        </Button>
      </Group>
      {data ? <BalanceFigures balance={data.balance} /> : <Skeleton h={48} />}
      <Text fz="xs" c="dimmed" mt="sm">
        {t('balance.explain')}
      </Text>
    </Card>
  );
}
