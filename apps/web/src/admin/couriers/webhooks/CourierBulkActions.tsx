import {
  COURIER_CSV_LAYOUT_LABELS,
  COURIER_CSV_LAYOUTS,
  type CourierBulkBookResult,
  type CourierCsvLayout,
  type OrderCourierChoice,
} from '@haat/contracts';
import { Alert, Badge, Button, Divider, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { orderKeys } from '../../orders/order-ui';
import { useCan } from '../../useAdmin';

interface BulkBookAnswer {
  data: CourierBulkBookResult[];
  booked: number;
  failed: number;
  message: string;
}

/**
 * The order list's "Courier" action for the selected orders (decision 058): book them all with a
 * courier whose API is connected (each order's result shown), or download them as the courier's
 * bulk-upload CSV for a courier without an API.
 */
export function CourierBulkActions({ ids, onBooked }: { ids: number[]; onBooked: () => void }) {
  const phrase = usePhrase();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('order.status.update') && !can('order.export')) return null;
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {phrase('Courier: book or export')}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={phrase('Courier for {{n}} orders', { n: ids.length })} size="xl">
        {open && <CourierBulkDialog ids={ids} onBooked={onBooked} />}
      </Modal>
    </>
  );
}

function CourierBulkDialog({ ids, onBooked }: { ids: number[]; onBooked: () => void }) {
  const phrase = usePhrase();
  const can = useCan();
  const queryClient = useQueryClient();
  const [courierId, setCourierId] = useState<string | null>(null);
  const [layout, setLayout] = useState<CourierCsvLayout>('steadfast');
  // Any order's courier panel lists the couriers an order may be given (order.view is enough).
  const choices = useQuery({
    queryKey: ['admin', 'courier', 'choices'],
    queryFn: () => get<{ choices: OrderCourierChoice[] }>(`/api/admin/orders/${ids[0]}/courier`),
  });
  const courier = choices.data?.choices.find((choice) => String(choice.id) === courierId);
  const book = useMutation({
    mutationFn: () => post<BulkBookAnswer>('/api/admin/courier/bulk-book', { courier_id: Number(courierId), order_ids: ids }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      if (answer.booked > 0) onBooked();
    },
  });
  const sheetUrl = `/api/admin/courier/sheet.csv?layout=${layout}&order_ids=${ids.join(',')}`;
  return (
    <Stack>
      <Select
        label={phrase('Courier')}
        placeholder={phrase('Choose a courier')}
        data={(choices.data?.choices ?? []).map((choice) => ({
          value: String(choice.id),
          label: choice.connected ? choice.name : `${choice.name} (${phrase('no API')})`,
        }))}
        value={courierId}
        onChange={(value) => {
          setCourierId(value);
          book.reset();
        }}
      />
      {can('order.status.update') && (
        <Stack gap="xs">
          <Text fz="sm" c="dimmed">
            {phrase('Orders in processing are booked through the courier’s API and move to shipped; each order’s result is shown.')}
          </Text>
          <Group>
            <Button onClick={() => book.mutate()} loading={book.isPending} disabled={!courier?.connected || book.isSuccess}>
              {phrase('Book {{n}} orders', { n: ids.length })}
            </Button>
            {courier && !courier.connected && (
              <Text fz="sm" c="orange.9">
                {phrase('This courier has no connected API: download its CSV below.')}
              </Text>
            )}
          </Group>
          {book.error && (
            <Alert color="red" role="alert">
              {phrase(book.error.message)}
            </Alert>
          )}
          {book.data && <BookingResults answer={book.data} />}
        </Stack>
      )}
      {can('order.export') && (
        <>
          <Divider />
          <Group align="flex-end">
            <Select
              label={phrase('CSV layout')}
              data={COURIER_CSV_LAYOUTS.map((value) => ({ value, label: phrase(COURIER_CSV_LAYOUT_LABELS[value]) }))}
              value={layout}
              onChange={(value) => value && setLayout(value as CourierCsvLayout)}
              allowDeselect={false}
              w={240}
            />
            <Button component="a" href={sheetUrl} download variant="default">
              {phrase('Download courier CSV')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function BookingResults({ answer }: { answer: BulkBookAnswer }) {
  const phrase = usePhrase();
  return (
    <Stack gap="xs">
      <Text fw={600} aria-live="polite">
        {phrase('{{booked}} booked, {{failed}} not booked', { booked: answer.booked, failed: answer.failed })}
      </Text>
      <TableScroll minWidth={560}>
        <Table verticalSpacing={4} aria-label={phrase('Booking results')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Order')}</Table.Th>
              <Table.Th>{phrase('Result')}</Table.Th>
              <Table.Th>{phrase('Consignment or reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.data.map((result) => (
              <Table.Tr key={result.order_id}>
                <Table.Td>{result.order_number || `#${result.order_id}`}</Table.Td>
                <Table.Td>
                  <Badge color={result.ok ? 'green' : 'red'} variant="light">
                    {result.ok ? phrase('Booked') : phrase('Not booked')}
                  </Badge>
                </Table.Td>
                <Table.Td fz="sm" ff={result.ok ? 'monospace' : undefined}>
                  {result.ok ? result.consignment_id : result.message}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}
