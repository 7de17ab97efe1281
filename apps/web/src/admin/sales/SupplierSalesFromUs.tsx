import type { SupplierNetPosition } from '@haat/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { get } from '../../lib/api';
import { useOrderWords } from '../orders/order-ui';
import { StatementCards, StatementHeader, StatementSection } from '../reports/StatementTable';
import { BuyerSalesTable } from './BuyerSalesTable';

/**
 * `/admin/supplier/purchase/from/us/{id}`: what a goods supplier bought from us (company sales to
 * them) and the net position: what we owe them for purchases less what they owe us (decision 039).
 */
export default function SupplierSalesFromUs() {
  const { phrase, money } = useOrderWords();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['supplier-sales-from-us', id],
    queryFn: () => get<{ data: SupplierNetPosition }>(`/api/admin/suppliers/${id}/sales-from-us`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The supplier was not found.')}
      </Alert>
    );
  return (
    <Stack>
      <StatementHeader
        title={phrase('What {{name}} bought from us', { name: data.supplier.name })}
        links={[{ to: `/admin/supplier/${id}/amount`, label: phrase('Supplier statement') }]}
      />
      <StatementCards
        cards={[
          { label: phrase('They bought'), value: money(data.sales_total) },
          { label: phrase('They owe us'), value: money(data.they_owe) },
          { label: phrase('We owe them'), value: money(data.we_owe) },
          {
            label: phrase('Net position'),
            value: money(Math.abs(data.net)),
            note: phrase(data.net > 0 ? 'We pay them' : data.net < 0 ? 'They pay us' : 'Settled'),
          },
        ]}
      />
      <StatementSection title={phrase('Sales to this supplier')}>
        {data.sales.length === 0 ? (
          <Text c="dimmed">{phrase('This supplier has bought nothing from us yet.')}</Text>
        ) : (
          <BuyerSalesTable sales={data.sales} />
        )}
      </StatementSection>
    </Stack>
  );
}
