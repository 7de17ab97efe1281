import { type CourierReceivable, REMITTANCE_METHOD_LABELS, REMITTANCE_METHODS } from '@haat/contracts';
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

export interface RemittanceHead {
  courier_id: string | null;
  paid_on: string;
  reference: string;
  method: string;
  note: string;
}

export const today = () => new Date().toISOString().slice(0, 10);
export const emptyHead = (): RemittanceHead => ({ courier_id: null, paid_on: today(), reference: '', method: 'bank', note: '' });

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
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
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
        onChange={(value) => onChange({ ...head, method: value ?? 'bank' })}
        error={error('method')}
      />
    </SimpleGrid>
  );
}

export const headBody = (head: RemittanceHead) => ({
  courier_id: head.courier_id ? Number(head.courier_id) : null,
  paid_on: head.paid_on,
  reference: head.reference,
  method: head.method,
  note: head.note,
});
