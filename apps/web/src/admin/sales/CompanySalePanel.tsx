import {
  COMPANY_PAYMENT_METHOD_LABELS,
  COMPANY_PAYMENT_METHODS,
  type CompanySalePaymentView,
  type CompanySaleView,
  companySaleDescriptor,
} from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';
import { useCan } from '../useAdmin';
import { SaleStatusBadge } from './SaleStatusBadge';

export type CompanySaleDetail = CompanySaleView & { payments: CompanySalePaymentView[] };

/** A company sale's buyer, due and payments, for the sale's view and its invoice; null for a counter sale. */
export function useCompanySale(id: number) {
  return useQuery({
    queryKey: ['sales', 'company', id],
    queryFn: () =>
      get<{ data: CompanySaleDetail }>(`/api/admin/sales/company/${id}`)
        .then((answer) => answer.data)
        .catch((failure) => {
          if (failure instanceof ApiError && failure.status === 404) return null;
          throw failure;
        }),
    retry: false,
  });
}

/** On `/admin/sale/view/{id}` of a company sale: the buyer, the due, the payments and "Receive payment" (decision 039). */
export function CompanySalePanel({ id }: { id: number }) {
  const { phrase, money } = useOrderWords();
  const can = useCan();
  const client = useQueryClient();
  const { data } = useCompanySale(id);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState('cash');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  if (!data) return null;

  const receive = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(`/api/admin/sales/company/${id}/payments`, {
        amount: amount ?? 0,
        method,
        reference,
        paid_on: paidOn,
      });
      toast.success(phrase(answer.message));
      setAmount(null);
      setReference('');
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['sales'] });
      await client.invalidateQueries({ queryKey: ['resource', companySaleDescriptor.path] });
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };
  const buyerLink =
    data.buyer_type === 'company' ? `/admin/company/sale/details/${data.buyer_id}` : `/admin/supplier/purchase/from/us/${data.buyer_id}`;

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {phrase(data.kind === 'exchange' ? "Exchange on the buyer's account" : 'Company sale')}
          </Title>
          {data.due >= 0 && <SaleStatusBadge status={data.status} />}
        </Group>
        <Group gap="xl" wrap="wrap">
          <Text>
            {phrase(data.buyer_type === 'company' ? 'Buyer' : 'Buyer (supplier)')}:{' '}
            <Anchor component={Link} to={buyerLink}>
              {data.buyer_name}
            </Anchor>
          </Text>
          <Text>
            {phrase('Paid')}: {money(data.paid)}
          </Text>
          {data.refunded > 0 ? (
            <Text fw={700} data-testid="sale-due">
              {phrase('Credited to the account')}: {money(data.refunded)}
            </Text>
          ) : (
            <Text fw={700} data-testid="sale-due">
              {phrase('Due')}: {money(data.due)}
            </Text>
          )}
          <Text>
            {phrase('Due date')}: {data.due_date ?? '—'}
          </Text>
        </Group>
        {data.payments.length > 0 && (
          <TableScroll minWidth={640}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Date')}</Table.Th>
                  <Table.Th>{phrase('Payment method')}</Table.Th>
                  <Table.Th>{phrase('Reference')}</Table.Th>
                  <Table.Th>{phrase('Received by')}</Table.Th>
                  <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatDateTime(payment.paid_at)}</Table.Td>
                    <Table.Td>{phrase(COMPANY_PAYMENT_METHOD_LABELS[payment.method])}</Table.Td>
                    <Table.Td>{payment.reference || '—'}</Table.Td>
                    <Table.Td>{payment.received_by ?? '—'}</Table.Td>
                    <Table.Td ta="right">{money(payment.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {can('sale.update') && data.due > 0 && !open && (
          <Group>
            <Button onClick={() => setOpen(true)}>{phrase('Receive payment')}</Button>
          </Group>
        )}
        {open && (
          <form onSubmit={receive}>
            <Stack>
              {message && (
                <Alert color="red" role="alert">
                  {phrase(message)}
                </Alert>
              )}
              <Group align="flex-start" wrap="wrap">
                <MoneyInput
                  label={phrase('Amount')}
                  value={amount}
                  onChange={setAmount}
                  required
                  error={errors.amount ? phrase(errors.amount) : undefined}
                />
                <Select
                  label={phrase('Payment method')}
                  data={COMPANY_PAYMENT_METHODS.map((value) => ({ value, label: phrase(COMPANY_PAYMENT_METHOD_LABELS[value]) }))}
                  value={method}
                  onChange={(value) => setMethod(value ?? 'cash')}
                  allowDeselect={false}
                />
                <TextInput label={phrase('Reference')} value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
                <TextInput
                  type="date"
                  label={phrase('Paid on')}
                  value={paidOn}
                  onChange={(event) => setPaidOn(event.currentTarget.value)}
                  error={errors.paid_on ? phrase(errors.paid_on) : undefined}
                />
              </Group>
              <Group>
                <Button type="submit" loading={working}>
                  {phrase('Save the payment')}
                </Button>
                <Button variant="subtle" onClick={() => setOpen(false)}>
                  {phrase('Cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
