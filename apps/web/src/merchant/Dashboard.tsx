import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePhrase } from '../lib/phrases';
import { BalanceCard } from '../ui/portal/money/BalanceCard';
import { useMoney } from '../ui/portal/money/money';
import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';
import { merchantQueries } from './api';

function Figure({ label, value, link }: { label: string; value: string; link?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {link ? (
          <Anchor component={Link} to={link} inherit>
            {value}
          </Anchor>
        ) : (
          value
        )}
      </Text>
    </Card>
  );
}

/** 30 days of earnings as bars, drawn in SVG (no chart library in the portal's bundle); the table below says the same in words. */
function EarningsChart({ days }: { days: { date: string; earned: number; units: number }[] }) {
  const phrase = usePhrase();
  const money = useMoney();
  const top = Math.max(1, ...days.map((day) => Math.abs(day.earned)));
  const width = 600;
  const height = 140;
  const bar = width / days.length;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${width} ${height + 2}`} width="100%" role="img" aria-label={phrase('Earnings, last 30 days')}>
        <line x1={0} x2={width} y1={height} y2={height} stroke="#ced4da" />
        {days.map((day, index) => {
          const h = (Math.abs(day.earned) / top) * (height - 10);
          return (
            <rect
              key={day.date}
              x={index * bar + 2}
              y={height - h}
              width={bar - 4}
              height={h}
              fill={day.earned < 0 ? '#c92a2a' : '#2b2e8c'}
            >
              <title>{`${day.date}: ${money(day.earned)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption>
        <Text fz="xs" c="dimmed">
          {days[0]?.date} – {days.at(-1)?.date}
        </Text>
      </figcaption>
    </figure>
  );
}

/** `/merchant/dashboard`: balance, sales, earnings and a 30-day chart. */
export default function MerchantDashboard() {
  const phrase = usePhrase();
  const money = useMoney();
  const { data } = useQuery(merchantQueries.dashboard());
  const view = data?.data;
  const open = view?.lines_by_status.filter((row) => row.status <= 4 || row.status === 8).reduce((sum, row) => sum + row.lines, 0) ?? 0;
  return (
    <Stack>
      <PortalHome portal={PORTALS.merchant} heading={phrase('Merchant dashboard')}>
        <BalanceCard />
      </PortalHome>
      {view ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure label={phrase('Units sold')} value={String(view.units_sold)} link="/merchant/orders?filter[status]=5" />
            <Figure label={phrase('Earned this month')} value={money(view.earned_this_month)} link="/merchant/earnings" />
            <Figure label={phrase('Lines on their way')} value={String(open)} link="/merchant/orders" />
            <Figure label={phrase('Products')} value={`${view.products}`} link="/merchant/products" />
          </SimpleGrid>
          <Card withBorder>
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="h4">
                {phrase('Earnings, last 30 days')}
              </Title>
              {view.low_stock > 0 && (
                <Text fz="sm" c="orange.9">
                  {phrase('{{n}} of your products are low on stock', { n: view.low_stock })}
                </Text>
              )}
            </Group>
            <EarningsChart days={view.chart} />
          </Card>
          <Card withBorder>
            <Title order={2} fz="h4" mb="xs">
              {phrase('Order lines by status')}
            </Title>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Status')}</Table.Th>
                  <Table.Th ta="right">{phrase('Lines')}</Table.Th>
                  <Table.Th ta="right">{phrase('Units')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.lines_by_status.map((row) => (
                  <Table.Tr key={row.status}>
                    <Table.Td>
                      <Anchor component={Link} to={`/merchant/orders?filter[status]=${row.status}`}>
                        {phrase(row.label)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{row.lines}</Table.Td>
                    <Table.Td ta="right">{row.units}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </>
      ) : (
        <Skeleton h={200} />
      )}
    </Stack>
  );
}
