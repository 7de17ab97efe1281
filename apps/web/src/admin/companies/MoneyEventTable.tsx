import { Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { ReversedBadge, reversedStyle } from '../loans/ReverseButton';
import { useMoney } from '../reports/report-kit';

interface MoneyEventRow {
  id: number;
  date: string;
  kind: string;
  balance_name: string;
  note: string;
  amount: number;
  admin_name?: string | null;
  reversed_at: string | null;
  reversal_reason: string | null;
  reversed_by: string | null;
}

/**
 * The money events `MoneyEventForm` records (a director's payments, an investor's payouts): date, kind,
 * balance, note, [who recorded it,] amount, and each one's corrections (`actions`); a reversed one is
 * struck through and marked. "Nothing paid yet." when there are none.
 */
export function MoneyEventTable<Row extends MoneyEventRow>({
  rows,
  kindLabels,
  balanceHeader,
  withAdmin = false,
  actions,
}: {
  rows: Row[];
  kindLabels: Record<Row['kind'], string>;
  balanceHeader: string;
  withAdmin?: boolean;
  /** Edit and Reverse for a standing row. */
  actions?: (row: Row) => ReactNode;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  if (rows.length === 0) return <Text c="dimmed">{phrase('Nothing paid yet.')}</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{phrase('Date')}</Table.Th>
          <Table.Th>{phrase('Kind')}</Table.Th>
          <Table.Th>{balanceHeader}</Table.Th>
          <Table.Th>{phrase('Note')}</Table.Th>
          {withAdmin && <Table.Th>{phrase('By')}</Table.Th>}
          <Table.Th ta="right">{phrase('Amount')}</Table.Th>
          <Table.Th>{phrase('Actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td style={reversedStyle(row)}>{formatDate(row.date)}</Table.Td>
            <Table.Td style={reversedStyle(row)}>{phrase(kindLabels[row.kind as Row['kind']])}</Table.Td>
            <Table.Td style={reversedStyle(row)}>{phrase(row.balance_name)}</Table.Td>
            <Table.Td>{row.note || '—'}</Table.Td>
            {withAdmin && <Table.Td>{row.admin_name ?? '—'}</Table.Td>}
            <Table.Td ta="right" style={reversedStyle(row)}>
              {money(row.amount)}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <ReversedBadge row={row} />
                {!row.reversed_at && actions?.(row)}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
