import { COURIER_KIND_LABELS, type OrderCourier, type OrderCourierChoice } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, get, post, put } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { toast } from '../../ui/toast/toast';
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
  const [courierId, setCourierId] = useState<string | null>(courier.courier_id ? String(courier.courier_id) : null);
  const [trackingCode, setTrackingCode] = useState(courier.tracking_code ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
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

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const result = await put<{ data: OrderCourier; message: string }>(`/api/admin/orders/${orderId}/courier`, {
        courier_id: courierId ? Number(courierId) : null,
        tracking_code: byHand ? trackingCode : '',
      });
      await reload({ data: result.data, choices: answer.choices });
      toast.success(result.message);
      onChanged?.();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.fieldErrors());
      else toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
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
        <Stack gap="xs">
          <Select
            label={t('couriers.choose')}
            placeholder={t('couriers.none')}
            data={options}
            value={courierId}
            onChange={setCourierId}
            clearable
            error={errors.courier_id}
            description={chosen?.connected ? t('couriers.bookedOnShip') : undefined}
          />
          {byHand && (
            <TextInput
              label={t('couriers.trackingCode')}
              value={trackingCode}
              onChange={(event) => setTrackingCode(event.currentTarget.value)}
              error={errors.tracking_code}
              description={t('couriers.fromReceipt')}
            />
          )}
          <Group justify="flex-end">
            <Button onClick={save} loading={saving} variant="default">
              {t('couriers.save')}
            </Button>
          </Group>
        </Stack>
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
