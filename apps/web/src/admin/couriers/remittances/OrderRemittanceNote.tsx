import type { OrderRemittance } from '@haat/contracts';
import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { useMoney } from '../../purchasing/PurchaseForm';

/** On a delivered COD order's view: which courier remittance paid it, with what was collected and withheld, or that it waits. */
export function OrderRemittanceNote({ orderId }: { orderId: number }) {
  const phrase = usePhrase();
  const money = useMoney();
  const { data } = useQuery({
    queryKey: ['order-remittance', orderId],
    queryFn: () => get<{ data: OrderRemittance | null }>(`/api/admin/orders/${orderId}/remittance`).then((answer) => answer.data),
  });
  if (data === undefined) return null;
  if (data === null)
    return (
      <Text fz="sm" c="orange" mt="xs">
        {phrase('The courier has not paid this order over yet.')}
      </Text>
    );
  const words = {
    courier: data.courier_name,
    id: data.remittance_id,
    date: data.paid_on,
    collected: money(data.collected),
    fees: money(data.delivery_fee + data.cod_charge),
  };
  return (
    <Text fz="sm" mt="xs" data-testid="order-remittance">
      <Anchor component={Link} to={`/admin/courier/remittance/${data.remittance_id}`}>
        {data.status === 'mismatch'
          ? phrase('{{courier}} remittance #{{id}} on {{date}} collected {{collected}}: a mismatch waiting for a person', words)
          : phrase('Paid by {{courier}} remittance #{{id}} on {{date}}: collected {{collected}}, fees {{fees}}', words)}
      </Anchor>
      {data.note && ` — ${data.note}`}
    </Text>
  );
}
