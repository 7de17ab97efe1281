import { type SupplierStatement as Statement, SUPPLIER_PAYMENT_METHOD_LABELS, SUPPLIER_PAYMENT_METHODS } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { StatementTable } from '../reports/StatementTable';
import { useCan } from '../useAdmin';
import { useMoney } from './PurchaseForm';
import './purchasing.css';

const purchaseNumber = (id: number) => `PO-${String(id).padStart(6, '0')}`;

/**
 * `/admin/supplier/{id}/amount`: a supplier's statement — opening balance, every receipt, return,
 * credit note (decision 044) and payment with the running due — paying them (cash, bank or mobile wallet, with a reference), printing
 * and CSV. A payment may be at most the due plus what is on order with them (decision 034).
 */
export default function SupplierStatement() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const { id } = useParams();
  const client = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: ['supplier-statement', id],
    queryFn: () => get<{ data: Statement }>(`/api/admin/suppliers/${id}/statement`).then((answer) => answer.data),
  });
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<string>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  if (isPending) return <Text>{phrase('Loading…')}</Text>;
  if (error || !data) return <Alert color="red">{error?.message ?? phrase('The supplier was not found.')}</Alert>;
  const { supplier, rows, totals } = data;
  const listPath = supplier.kind === 'fabric' ? '/admin/fabrics/supplier' : '/admin/supplier';

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(`/api/admin/suppliers/${id}/payments`, {
        amount: amount ?? 0,
        method,
        reference,
        note,
      });
      toast.success(phrase(answer.message));
      setAmount(null);
      setReference('');
      setNote('');
      await client.invalidateQueries({ queryKey: ['supplier-statement', id] });
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };

  const entry = (row: Statement['rows'][number]) => (
    <>
      {phrase(
        row.kind === 'opening'
          ? 'Opening balance'
          : row.kind === 'purchase'
            ? 'Goods received'
            : row.kind === 'return'
              ? 'Returned to the supplier'
              : row.kind === 'fabric_purchase'
                ? 'Fabric bought'
                : row.kind === 'credit_note'
                  ? 'Credit note'
                  : 'Payment',
      )}
      {row.method ? ` · ${phrase(SUPPLIER_PAYMENT_METHOD_LABELS[row.method])}` : ''}
      {row.reference ? ` · ${row.reference}` : ''}
      {row.detail ? ` · ${row.detail}` : ''}
      {row.purchase_id && (
        <>
          {' '}
          <Anchor component={Link} to={`/admin/purchaseView/${row.purchase_id}`} fz="sm">
            {purchaseNumber(row.purchase_id)}
          </Anchor>
        </>
      )}
    </>
  );
  const table = (
    <StatementTable
      label={phrase('Statement of {{name}}', { name: supplier.name })}
      debitLabel={phrase('Owed more')}
      creditLabel={phrase('Owed less')}
      money={money}
      lines={rows.map((row) => ({
        key: `${row.kind}-${row.id ?? 0}`,
        date: row.on,
        entry: entry(row),
        debit: row.debit,
        credit: row.credit,
        due: row.due,
      }))}
    />
  );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{phrase('Statement of {{name}}', { name: supplier.name })}</Title>
        <Group gap="xs">
          <Button component="a" variant="default" href={`/api/admin/suppliers/${id}/statement.csv`} download>
            {phrase('Export CSV')}
          </Button>
          {supplier.kind === 'goods' && (
            <Button component={Link} to={`/admin/supplier/purchase/from/us/${id}`} variant="default">
              {phrase('What they bought from us')}
            </Button>
          )}
          <Button variant="default" onClick={() => window.print()}>
            {phrase('Print')}
          </Button>
          <Button component={Link} to={listPath} variant="default">
            {phrase('All suppliers')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        {[
          { label: 'Opening balance', value: totals.opening },
          { label: supplier.kind === 'fabric' ? 'Fabric bought' : 'Goods received', value: totals.purchases },
          { label: 'Returned', value: totals.returns },
          { label: 'Credit notes', value: totals.credits },
          { label: 'Paid', value: totals.payments },
          { label: 'Due now', value: totals.due },
        ].map((card) => (
          <Card withBorder key={card.label}>
            <Text fz="sm" c="dimmed">
              {phrase(card.label)}
            </Text>
            <Text fw={700} fz="lg" data-testid={card.label === 'Due now' ? 'supplier-due' : undefined}>
              {money(card.value)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {can('supplier.pay') && (
        <Card withBorder component="form" onSubmit={pay} aria-label={phrase('Pay supplier')}>
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {phrase('Pay supplier')}
            </Title>
            <Text fz="sm" c="dimmed">
              {phrase('At most {{payable}}: what is due plus {{on_order}} on order (an advance).', {
                payable: money(data.payable),
                on_order: money(data.on_order),
              })}
            </Text>
            {message && (
              <Alert color="red" role="alert">
                {phrase(message)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <MoneyInput
                label={phrase('Amount')}
                required
                value={amount}
                onChange={setAmount}
                error={errors.amount ? phrase(errors.amount) : undefined}
              />
              <Select
                label={phrase('Paid by')}
                data={SUPPLIER_PAYMENT_METHODS.map((value) => ({ value, label: phrase(SUPPLIER_PAYMENT_METHOD_LABELS[value]) }))}
                value={method}
                onChange={(value) => setMethod(value ?? 'cash')}
                allowDeselect={false}
                error={errors.method ? phrase(errors.method) : undefined}
              />
              <TextInput
                label={phrase('Payment reference')}
                description={phrase('Transaction id, cheque or voucher number')}
                value={reference}
                onChange={(event) => setReference(event.currentTarget.value)}
                error={errors.reference ? phrase(errors.reference) : undefined}
              />
              <TextInput label={phrase('Note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={working}>
                {phrase('Record payment')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Card withBorder>
        <TableScroll minWidth={640}>{table}</TableScroll>
      </Card>
      <section className="purchase-paper" aria-hidden="true">
        <h2>{phrase('Statement of {{name}}', { name: supplier.name })}</h2>
        <p>
          {supplier.company}
          <br />
          {supplier.address}
          <br />
          {supplier.phone}
        </p>
        {table}
        <p className="amount">
          <strong>
            {phrase('Due now')}: {money(totals.due)}
          </strong>
        </p>
      </section>
    </Stack>
  );
}
