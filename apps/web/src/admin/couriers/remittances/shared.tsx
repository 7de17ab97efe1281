import {
  type CourierReceivable,
  REMITTANCE_METHOD_LABELS,
  REMITTANCE_METHODS,
  type RemittanceBalanceOptions,
  type RemittanceMethod,
} from '@haat/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';

/** Per courier what it still owes (`/api/admin/courier/receivable`): the receivable screen, and the couriers to choose from. */
export function useReceivables() {
  return useQuery({
    queryKey: ['courier-receivable'],
    queryFn: () => get<{ data: CourierReceivable[] }>('/api/admin/courier/receivable').then((answer) => answer.data),
  });
}

/** The balances the money may go into and each method's default (readable with the remittance permission). */
export function useBalanceOptions() {
  return useQuery({
    queryKey: ['remittance-balances'],
    queryFn: () => get<{ data: RemittanceBalanceOptions }>('/api/admin/courier/remittances/balances').then((answer) => answer.data),
  });
}

export interface RemittanceHead {
  courier_id: string | null;
  paid_on: string;
  reference: string;
  method: string;
  /** The balance chosen; null follows the method's default. */
  balance_account_id: string | null;
  note: string;
}

export const today = () => new Date().toISOString().slice(0, 10);
export const emptyHead = (): RemittanceHead => ({
  courier_id: null,
  paid_on: today(),
  reference: '',
  method: 'bank',
  balance_account_id: null,
  note: '',
});

/** Courier, date, reference, how the money came and a note: what every remittance says besides its orders. */
export function RemittanceHeadFields({
  head,
  onChange,
  errors,
}: {
  head: RemittanceHead;
  onChange: (head: RemittanceHead) => void;
  errors: Record<string, string>;
}) {
  const phrase = usePhrase();
  const couriers = useReceivables().data ?? [];
  const balances = useBalanceOptions().data;
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);
  const methodDefault = balances?.defaults[head.method as RemittanceMethod];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      <Select
        label={phrase('Courier')}
        required
        data={couriers.map((courier) => ({ value: String(courier.courier_id), label: courier.courier_name }))}
        value={head.courier_id}
        onChange={(value) => onChange({ ...head, courier_id: value })}
        error={error('courier_id')}
      />
      <TextInput
        type="date"
        label={phrase('Paid on')}
        required
        value={head.paid_on}
        onChange={(event) => onChange({ ...head, paid_on: event.currentTarget.value })}
        error={error('paid_on')}
      />
      <TextInput
        label={phrase('Reference')}
        description={phrase('The courier’s payment or invoice number')}
        value={head.reference}
        onChange={(event) => onChange({ ...head, reference: event.currentTarget.value })}
        error={error('reference')}
      />
      <Select
        label={phrase('Money came by')}
        required
        data={REMITTANCE_METHODS.map((method) => ({ value: method, label: phrase(REMITTANCE_METHOD_LABELS[method]) }))}
        value={head.method}
        // A new method brings its own default balance, unless the person chose one.
        onChange={(value) => onChange({ ...head, method: value ?? 'bank', balance_account_id: null })}
        error={error('method')}
      />
      <Select
        label={phrase('Received into')}
        description={phrase('Cash, bank account or mobile wallet')}
        required
        data={(balances?.balances ?? []).map((balance) => ({ value: String(balance.id), label: phrase(balance.name) }))}
        value={head.balance_account_id ?? (methodDefault ? String(methodDefault) : null)}
        onChange={(value) => onChange({ ...head, balance_account_id: value })}
        error={error('balance_account_id')}
      />
    </SimpleGrid>
  );
}

export const headBody = (head: RemittanceHead) => ({
  courier_id: head.courier_id ? Number(head.courier_id) : null,
  paid_on: head.paid_on,
  reference: head.reference,
  method: head.method,
  balance_account_id: head.balance_account_id ? Number(head.balance_account_id) : null,
  note: head.note,
});
