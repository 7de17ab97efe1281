import { ORDER_STATUS_LABELS, type OrderStatusCode } from '@haat/contracts';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { BarChart } from '../../ui/BarChart';
import { Loaded, useMoney, useText } from '../account/kit';
import { STATUS_COLORS } from './api';

interface Figures {
  counts: Record<string, number>;
  month: { orders: number; sales: number; profit: number };
  days: { date: string; orders: number; sales: number }[];
}

const CODES = Object.keys(ORDER_STATUS_LABELS).map(Number) as OrderStatusCode[];

/** The dashboard's orders: how many in each status, this month's sales and profit, the last 30 days. */
export function OrderFiguresCard() {
  const { t } = useText();
  const number = useNumber();
  const money = useMoney();
  const figures = useQuery({ queryKey: ['reseller', 'orders', 'figures'], queryFn: () => get<Figures>('/api/reseller/orders/figures') });
  return (
    <Card withBorder style={{ gridColumn: '1 / -1' }}>
      <Loaded query={figures}>
        {(data) => (
          <Stack>
            <Title order={2} fz="h4">
              {t('myOrders', 'My orders')}
            </Title>
            <Group gap="xs">
              {CODES.map((code) => (
                <Anchor key={code} component={Link} to={`/dropshipper/order/${code}`} underline="never">
                  <Badge size="lg" variant="light" c="dark.8" color={STATUS_COLORS[code]}>
                    {t(`status${code}`, ORDER_STATUS_LABELS[code])}: {number(data.counts[String(code)] ?? 0)}
                  </Badge>
                </Anchor>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {[
                [t('monthOrders', 'Orders this month'), number(data.month.orders)],
                [t('monthSales', 'Sales this month'), money(data.month.sales)],
                [t('monthProfit', 'Profit on them'), money(data.month.profit)],
              ].map(([label, value]) => (
                <div key={label}>
                  <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                    {label}
                  </Text>
                  <Text fz="xl" fw={800}>
                    {value}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
            <Text fz="xs" c="dimmed">
              {t(
                'monthNote',
                'Orders placed this month that were not cancelled or returned; profit is what customers pay less wholesale and the shop’s delivery charge.',
              )}
            </Text>
            <BarChart
              label={t('salesChart', 'Sales, last 30 days')}
              points={data.days.map((day) => ({ date: day.date, value: day.sales }))}
              format={(value) => money(value)}
            />
          </Stack>
        )}
      </Loaded>
    </Card>
  );
}
