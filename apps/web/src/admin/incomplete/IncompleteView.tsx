import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type CallOutcome,
  type IncompleteCheckoutDetail,
  type IncompleteConverted,
  incompleteCheckoutDescriptor,
  type PublicCity,
  type PublicSubCity,
} from '@haat/contracts';
import { Alert, Anchor, Button, Card, Grid, Group, Loader, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, get, post, put } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { useCan } from '../useAdmin';
import { IncompleteStatusBadge } from './incomplete-ui';

type Detail = IncompleteCheckoutDetail;
interface Customer {
  name: string;
  phone: string;
  address: string;
  city_id: string | null;
  sub_city_id: string | null;
  note: string;
}

const customerOf = (data: Detail): Customer => ({
  name: data.name,
  phone: data.phone,
  address: data.address,
  city_id: data.city_id ? String(data.city_id) : null,
  sub_city_id: data.sub_city_id ? String(data.sub_city_id) : null,
  note: data.note,
});

/**
 * `/admin/incomplete/order/{id}` (decision 056): what the shopper typed and had in the cart, every call
 * back with its outcome and note, the details corrected on the call, and one click to make the order
 * (the checkout's prices and rules; a second click answers the same order).
 */
export default function IncompleteView() {
  const { phrase, money, number } = useOrderWords();
  const can = useCan();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const key = ['incomplete', id];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: () => get<{ data: Detail }>(`/api/admin/incomplete-checkouts/${id}`).then((answer) => answer.data),
  });
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<CallOutcome | null>(null);
  const [callNote, setCallNote] = useState('');
  const [callErrors, setCallErrors] = useState<Record<string, string>>({});
  const cities = useQuery({ queryKey: ['public-cities'], queryFn: () => get<{ cities: PublicCity[] }>('/_public/cities') });
  const cityId = customer?.city_id ?? null;
  const subCities = useQuery({
    queryKey: ['public-sub-cities', cityId],
    queryFn: () => get<{ sub_cities: PublicSubCity[] }>(`/_public/cities/${cityId}/sub-cities`),
    enabled: Boolean(cityId),
  });
  // The form follows the saved details when they change (a save, a conversion), not when a call is logged.
  const stored = data ? JSON.stringify(customerOf(data)) : '';
  useEffect(() => {
    if (stored) setCustomer(JSON.parse(stored) as Customer);
  }, [stored]);

  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data || !customer)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The incomplete checkout was not found.')}
      </Alert>
    );

  const open = data.status === 'open';
  const refresh = async (next?: Detail) => {
    if (next) client.setQueryData(key, next);
    else await client.invalidateQueries({ queryKey: key });
    await client.invalidateQueries({ queryKey: ['resource', incompleteCheckoutDescriptor.path] });
  };
  const set = (field: keyof Customer, value: string | null) =>
    setCustomer((current) => (current ? { ...current, [field]: value } : current));

  /** Runs one change, showing its field errors and message. */
  const run = async (what: string, work: () => Promise<void>, onErrors = setErrors) => {
    setWorking(what);
    onErrors({});
    setMessage(null);
    try {
      await work();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      onErrors(failure.fieldErrors());
      setMessage(failure.message);
    } finally {
      setWorking(null);
    }
  };
  const body = () => ({ ...customer, city_id: customer.city_id ?? '', sub_city_id: customer.sub_city_id ?? '' });

  const saveDetails = () =>
    run('save', async () => {
      const answer = await put<{ data: Detail; message: string }>(`/api/admin/incomplete-checkouts/${id}`, body());
      toast.success(phrase(answer.message));
      await refresh(answer.data);
    });
  const convert = () =>
    run('convert', async () => {
      const answer = await post<IncompleteConverted>(`/api/admin/incomplete-checkouts/${id}/convert`, body());
      toast.success(answer.created ? phrase('Order {{number}} was placed.', { number: answer.order_number }) : phrase(answer.message));
      await refresh();
      await client.invalidateQueries({ queryKey: ['orders'] });
    });
  const setStatus = (status: 'open' | 'dismissed') =>
    run(status, async () => {
      const answer = await post<{ data: Detail; message: string }>(`/api/admin/incomplete-checkouts/${id}/status`, { status });
      toast.success(phrase(answer.message));
      await refresh(answer.data);
    });
  const logCall = (event: FormEvent) => {
    event.preventDefault();
    return run(
      'call',
      async () => {
        const answer = await post<{ data: Detail; message: string }>(`/api/admin/incomplete-checkouts/${id}/calls`, {
          outcome: outcome ?? '',
          note: callNote,
        });
        toast.success(phrase(answer.message));
        setOutcome(null);
        setCallNote('');
        await refresh(answer.data);
      },
      setCallErrors,
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            {phrase('Incomplete order #{{id}}', { id: String(id) })}
          </Title>
          <IncompleteStatusBadge status={data.status} />
        </Group>
        <Group>
          {data.order_id && (
            <Button component={Link} to={`/admin/view/order/${data.order_id}`}>
              {phrase('Open order {{number}}', { number: data.order_number ?? '' })}
            </Button>
          )}
          {can('order.incomplete.update') && data.status === 'open' && (
            <Button variant="light" color="gray" loading={working === 'dismissed'} onClick={() => setStatus('dismissed')}>
              {phrase('Dismiss')}
            </Button>
          )}
          {can('order.incomplete.update') && data.status === 'dismissed' && (
            <Button variant="light" loading={working === 'open'} onClick={() => setStatus('open')}>
              {phrase('Open again')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {phrase('Started {{started}}, last changed {{changed}}', {
          started: formatDateTime(data.created_at),
          changed: formatDateTime(data.updated_at),
        })}
        {data.shop_name &&
          ` · ${phrase('Typed in the reseller shop {{shop}}; converting places the shop’s order at its prices.', { shop: data.shop_name })}`}
        {data.converted_by === 'shopper' && ` · ${phrase('The shopper placed the order themselves.')}`}
      </Text>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}

      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {phrase('Customer')}
              </Title>
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={phrase('Name')}
                    value={customer.name}
                    error={errors.name && phrase(errors.name)}
                    readOnly={!open}
                    onChange={(event) => set('name', event.currentTarget.value)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput
                    label={phrase('Phone')}
                    value={customer.phone}
                    error={errors.phone && phrase(errors.phone)}
                    readOnly={!open}
                    onChange={(event) => set('phone', event.currentTarget.value)}
                  />
                </Grid.Col>
                <Grid.Col span={12}>
                  <Textarea
                    label={phrase('Address')}
                    value={customer.address}
                    autosize
                    minRows={2}
                    error={errors.address && phrase(errors.address)}
                    readOnly={!open}
                    onChange={(event) => set('address', event.currentTarget.value)}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label={phrase('City')}
                    searchable
                    data={(cities.data?.cities ?? []).map((city) => ({ value: String(city.id), label: `${city.name} · ${city.name_bn}` }))}
                    value={customer.city_id}
                    error={errors.city_id && phrase(errors.city_id)}
                    readOnly={!open}
                    onChange={(value) => setCustomer((current) => (current ? { ...current, city_id: value, sub_city_id: null } : current))}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label={phrase('Area')}
                    searchable
                    disabled={!customer.city_id}
                    data={(subCities.data?.sub_cities ?? []).map((sub) => ({
                      value: String(sub.id),
                      label: `${sub.name} · ${sub.name_bn}`,
                    }))}
                    value={customer.sub_city_id}
                    error={errors.sub_city_id && phrase(errors.sub_city_id)}
                    readOnly={!open}
                    onChange={(value) => set('sub_city_id', value)}
                  />
                </Grid.Col>
                <Grid.Col span={12}>
                  <Textarea
                    label={phrase('Order note')}
                    value={customer.note}
                    autosize
                    error={errors.note && phrase(errors.note)}
                    readOnly={!open}
                    onChange={(event) => set('note', event.currentTarget.value)}
                  />
                </Grid.Col>
              </Grid>
              {open && (
                <Group mt="md">
                  {can('order.incomplete.convert') && (
                    <Button loading={working === 'convert'} disabled={working !== null} onClick={convert}>
                      {phrase('Convert to order')}
                    </Button>
                  )}
                  {can('order.incomplete.update') && (
                    <Button variant="light" loading={working === 'save'} disabled={working !== null} onClick={saveDetails}>
                      {phrase('Save details')}
                    </Button>
                  )}
                </Group>
              )}
            </Card>

            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                {phrase('Cart')}
              </Title>
              <TableScroll minWidth={420}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{phrase('Product')}</Table.Th>
                      <Table.Th ta="right">{phrase('Quantity')}</Table.Th>
                      <Table.Th ta="right">{phrase('Unit price')}</Table.Th>
                      <Table.Th ta="right">{phrase('Total')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.lines.map((line) => (
                      <Table.Tr key={line.variant_id}>
                        <Table.Td>
                          {line.name}
                          {line.variant_label && ` (${line.variant_label})`}
                        </Table.Td>
                        <Table.Td ta="right">{number(line.quantity)}</Table.Td>
                        <Table.Td ta="right">{money(line.unit_price)}</Table.Td>
                        <Table.Td ta="right">{money(line.unit_price * line.quantity)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
              <Group justify="space-between" mt="sm">
                <Text size="sm" c="dimmed">
                  {data.coupon ? phrase('Coupon code: {{code}}', { code: data.coupon }) : ''}
                </Text>
                <Text fw={600}>{phrase('Subtotal: {{amount}}', { amount: money(data.subtotal) })}</Text>
              </Group>
              <Text size="xs" c="dimmed" mt="xs">
                {phrase('Prices as they were when the shopper left; the order is priced again, with the delivery charge, when it is made.')}
              </Text>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              {phrase('Calls')}
            </Title>
            {data.calls.length === 0 ? (
              <Text size="sm" c="dimmed">
                {phrase('Not called yet')}
              </Text>
            ) : (
              <Stack gap="xs" data-testid="incomplete-calls">
                {data.calls.map((call) => (
                  <div key={call.id}>
                    <Text size="sm" fw={600}>
                      {phrase(CALL_OUTCOME_LABELS[call.outcome])}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(call.called_at)}
                      {call.admin_name && ` · ${call.admin_name}`}
                    </Text>
                    {call.note && <Text size="sm">{call.note}</Text>}
                  </div>
                ))}
              </Stack>
            )}
            {can('order.incomplete.update') && data.status !== 'converted' && (
              <form onSubmit={logCall}>
                <Stack gap="sm" mt="md">
                  <Select
                    label={phrase('What the call came to')}
                    required
                    data={CALL_OUTCOMES.map((value) => ({ value, label: phrase(CALL_OUTCOME_LABELS[value]) }))}
                    value={outcome}
                    error={callErrors.outcome && phrase(callErrors.outcome)}
                    onChange={(value) => setOutcome(value as CallOutcome | null)}
                  />
                  <Textarea
                    label={phrase('Call note')}
                    value={callNote}
                    autosize
                    error={callErrors.note && phrase(callErrors.note)}
                    onChange={(event) => setCallNote(event.currentTarget.value)}
                  />
                  <Group>
                    <Button type="submit" variant="light" loading={working === 'call'} disabled={working !== null}>
                      {phrase('Save call')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Card>
          {data.order_id && (
            <Text size="sm" mt="sm">
              <Anchor component={Link} to={`/admin/view/order/${data.order_id}`}>
                {phrase('Order {{number}}', { number: data.order_number ?? '' })}
              </Anchor>
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
