import { COURIER_KIND_LABELS, type OrderCourier, type OrderCourierChoice, orderCourierInput } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post, put } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useCan } from '../useAdmin';

interface Answer {
  data: OrderCourier;
  choices: OrderCourierChoice[];
}

export const orderCourierQuery = (orderId: number) => ({
  queryKey: ['orders', 'one', orderId, 'courier'] as const,
  queryFn: () => get<Answer>(`/api/admin/orders/${orderId}/courier`),
});

/** Orders whose courier may still be chosen: pending to shipped. */
const CHANGEABLE = [1, 2, 3, 4];
const SHIPPED = 4;

/** The courier's status word for people: `delivered_approval_pending` → "delivered approval pending". */
const words = (status: string) => status.replace(/_/g, ' ');

function statusColor(status: string | null): string {
  if (!status) return 'gray.7';
  if (status === 'delivered') return 'green.8';
  if (['cancelled', 'return', 'returned', 'paid_return'].includes(status)) return 'red.8';
  return 'blue.8';
}

/**
 * The order view's courier panel: choose the courier (and, for one booked by hand, its tracking
 * code), see the consignment the courier's API booked, its tracking link and status, and ask the
 * courier again ("Refresh tracking"). `onChanged` lets the order view reload after a move.
 */
export function OrderCourierPanel({ orderId, onChanged }: { orderId: number; onChanged?: () => void }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useQuery(orderCourierQuery(orderId));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`order-${orderId}-courier`}>
      <Stack>
        <Title order={2} fz="h4" id={`order-${orderId}-courier`}>
          {t('couriers.panelTitle')}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        )}
        {isPending && <Skeleton h={160} />}
        {data && (
          <PanelBody key={`${data.data.courier_id}-${data.data.tracking_code}`} orderId={orderId} answer={data} onChanged={onChanged} />
        )}
      </Stack>
    </Card>
  );
}

function PanelBody({ orderId, answer, onChanged }: { orderId: number; answer: Answer; onChanged?: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const queryClient = useQueryClient();
  const courier = answer.data;
  const form = useZodForm<typeof orderCourierInput, { courier_id: string | null; tracking_code: string }>(orderCourierInput, {
    courier_id: courier.courier_id ? String(courier.courier_id) : null,
    tracking_code: courier.tracking_code ?? '',
  });
  const courierId = form.values.courier_id;
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);

  const booked = Boolean(courier.consignment_id);
  const canChoose = can('order.update') && CHANGEABLE.includes(courier.status) && !booked;
  const chosen = answer.choices.find((choice) => String(choice.id) === courierId);
  // A courier with a connected API gives its own tracking code when the parcel is booked.
  const byHand = chosen ? !chosen.connected : false;
  const options = answer.choices.map((choice) => ({
    value: String(choice.id),
    label: choice.connected ? `${choice.name} (${COURIER_KIND_LABELS[choice.provider]})` : choice.name,
  }));
  // The order's courier may no longer be active: it still shows as chosen.
  if (courier.courier_id && !options.some((option) => option.value === String(courier.courier_id))) {
    options.push({ value: String(courier.courier_id), label: courier.courier_name ?? `Courier #${courier.courier_id}` });
  }

  const reload = async (next?: Answer) => {
    if (next) queryClient.setQueryData(orderCourierQuery(orderId).queryKey, next);
    else await queryClient.invalidateQueries({ queryKey: orderCourierQuery(orderId).queryKey });
  };

  const save = form.onSubmit(async (_parsed, values) => {
    const result = await put<{ data: OrderCourier; message: string }>(`/api/admin/orders/${orderId}/courier`, {
      courier_id: values.courier_id ? Number(values.courier_id) : null,
      tracking_code: byHand ? values.tracking_code : '',
    });
    await reload({ data: result.data, choices: answer.choices });
    toast.success(result.message);
    onChanged?.();
  });

  /** A courier with an API books its own tracking code: a code typed for another courier goes. */
  const choose = (id: string | null) => {
    const next = answer.choices.find((choice) => String(choice.id) === id);
    form.setValues(next?.connected ? { courier_id: id, tracking_code: '' } : { courier_id: id });
  };

  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      const result = await post<{ data: OrderCourier; moved: boolean; refused: string | null; message: string }>(
        `/api/admin/orders/${orderId}/courier/refresh`,
      );
      await reload({ data: result.data, choices: answer.choices });
      if (result.refused) toast.warning(result.message);
      else toast.success(result.moved ? `${result.message} ${t('couriers.moved')}` : result.message);
      if (result.moved) onChanged?.();
    } catch (error) {
      setRefreshError(error instanceof Error ? error.message : String(error));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Stack>
      <Table>
        <Table.Tbody>
          <Row label={t('couriers.courier')}>{courier.courier_name ?? t('couriers.notChosen')}</Row>
          <Row label={t('couriers.consignmentId')}>{courier.consignment_id ?? '—'}</Row>
          <Row label={t('couriers.trackingCode')}>
            {courier.tracking_code && courier.tracking_url ? (
              <Anchor href={courier.tracking_url} target="_blank" rel="noopener noreferrer">
                {courier.tracking_code}
              </Anchor>
            ) : (
              (courier.tracking_code ?? '—')
            )}
          </Row>
          <Row label={t('couriers.courierStatus')}>
            {courier.courier_status ? (
              <Badge color={statusColor(courier.courier_status)} variant="filled">
                {words(courier.courier_status)}
              </Badge>
            ) : (
              '—'
            )}
          </Row>
          <Row label={t('couriers.lastChecked')}>{courier.courier_checked_at ? formatDateTime(courier.courier_checked_at) : '—'}</Row>
        </Table.Tbody>
      </Table>
      {canChoose && (
        <form onSubmit={save} noValidate>
          <Stack gap="xs">
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <Select
              label={t('couriers.choose')}
              placeholder={t('couriers.none')}
              data={options}
              value={courierId ?? null}
              onChange={choose}
              clearable
              error={form.errors.courier_id}
              description={chosen?.connected ? t('couriers.bookedOnShip') : undefined}
            />
            {byHand && (
              <TextInput label={t('couriers.trackingCode')} description={t('couriers.fromReceipt')} {...form.field('tracking_code')} />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} variant="default">
                {t('couriers.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {booked && courier.connected && courier.status === SHIPPED && can('order.status.update') && (
        <Stack gap="xs">
          {refreshError && (
            <Alert color="red" role="alert">
              {refreshError}
            </Alert>
          )}
          <Group justify="space-between">
            <Text fz="xs" c="dimmed">
              {t('couriers.checkedRegularly')}
            </Text>
            <Button onClick={refresh} loading={refreshing}>
              {t('couriers.refresh')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
