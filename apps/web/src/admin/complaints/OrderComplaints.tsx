import type { Paginator } from '@haat/contracts';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { useCan } from '../useAdmin';

/**
 * On an order: its complaints and return cases (when it has any) and "Open complaint", which starts
 * the form with the order's number, phone and name (decision 061).
 */
export function OrderComplaints({ order }: { order: { id: number; number: string; phone: string; customer_name: string } }) {
  const phrase = usePhrase();
  const can = useCan();
  const mayView = can('complaint.view');
  const cases = useQuery({
    queryKey: ['resource', '/api/admin/complaints', `order-${order.id}`],
    queryFn: () => get<Paginator<{ id: number }>>(`/api/admin/complaints?filter[order_id]=${order.id}&per_page=1`),
    enabled: mayView,
  });
  const count = cases.data?.total ?? 0;
  const start = new URLSearchParams({ order: order.number, phone: order.phone, name: order.customer_name });
  return (
    <>
      {mayView && count > 0 && (
        <Button component={Link} to={`/admin/complaint?filter[order_id]=${order.id}`} variant="light" color="orange">
          {phrase('Complaints ({{count}})', { count })}
        </Button>
      )}
      {can('complaint.create') && (
        <Button component={Link} to={`/admin/complaint/add?${start}`} variant="default">
          {phrase('Open complaint')}
        </Button>
      )}
    </>
  );
}
