import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { orderQueries, STATUS_COLORS } from './api';
import { CustomerCard, LinesCard, TotalsCard } from './OrderView';

/** `/dropshipper/order/summary/{id}`: the order on one printable page, to share with the customer or keep. */
export default function OrderSummary() {
  const { id = '' } = useParams();
  const { t } = useText();
  const money = useMoney();
  const order = useQuery(orderQueries.one(id));
  return (
    <Loaded query={order}>
      {(data) => (
        <Stack maw={900}>
          <PageHeading title={t('summaryTitle', 'Summary of order {{number}}', { number: data.number })}>
            <Button variant="default" onClick={() => window.print()}>
              {t('print', 'Print')}
            </Button>
            <Button component={Link} to={`/dropshipper/order/view/${data.id}`} variant="light">
              {t('fullDetails', 'Full details')}
            </Button>
          </PageHeading>
          <Card withBorder>
            <Group justify="space-between">
              <div>
                <Text fz="sm" c="dimmed">
                  {t('placedOn', 'Placed {{when}}', { when: formatDateTime(data.placed_at) })}
                </Text>
                <Text fz="xl" fw={800}>
                  {t('dueOnDeliveryAmount', 'Due on delivery: {{amount}}', { amount: money(data.total - data.advance_paid) })}
                </Text>
              </div>
              <Badge size="lg" color={STATUS_COLORS[data.status]} variant="light" c="dark.8">
                {t(`status${data.status}`, data.status_label)}
              </Badge>
            </Group>
          </Card>
          <CustomerCard order={data} />
          <LinesCard order={data} />
          <TotalsCard order={data} />
        </Stack>
      )}
    </Loaded>
  );
}
