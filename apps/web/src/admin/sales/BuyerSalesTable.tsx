import type { CompanySaleView } from '@haat/contracts';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/dates';
import { useOrderWords } from '../orders/order-ui';
import { SaleStatusBadge } from './SaleStatusBadge';

type BuyerSale = Pick<CompanySaleView, 'id' | 'number' | 'sold_at' | 'total' | 'paid' | 'due' | 'status'> & { due_date?: string | null };

/** One buyer's company sales on its statement: date, sale (linked), total, paid, due, [due date,] status. */
export function BuyerSalesTable({ sales, withDueDate = false }: { sales: BuyerSale[]; withDueDate?: boolean }) {
  const { phrase, money } = useOrderWords();
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{phrase('Date')}</Table.Th>
          <Table.Th>{phrase('Sale')}</Table.Th>
          <Table.Th ta="right">{phrase('Total')}</Table.Th>
          <Table.Th ta="right">{phrase('Paid')}</Table.Th>
          <Table.Th ta="right">{phrase('Due')}</Table.Th>
          {withDueDate && <Table.Th>{phrase('Due date')}</Table.Th>}
          <Table.Th>{phrase('Status')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sales.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{formatDateTime(row.sold_at)}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/admin/sale/view/${row.id}`} fz="sm">
                {row.number}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">{money(row.total)}</Table.Td>
            <Table.Td ta="right">{money(row.paid)}</Table.Td>
            <Table.Td ta="right">{money(row.due)}</Table.Td>
            {withDueDate && <Table.Td>{row.due_date ?? '—'}</Table.Td>}
            <Table.Td>
              <SaleStatusBadge status={row.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
