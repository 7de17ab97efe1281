import type { RemittancePreview, RemittancePreviewKind } from '@haat/contracts';
import { Badge, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { useMoney } from '../../purchasing/PurchaseForm';

const KIND_COLORS: Record<RemittancePreviewKind, string> = {
  matched: 'green',
  mismatch: 'orange',
  unknown: 'gray',
  paid: 'blue',
  refused: 'red',
};
const KIND_LABELS: Record<RemittancePreviewKind, string> = {
  matched: 'Matched',
  mismatch: 'Mismatch',
  unknown: 'Unknown order',
  paid: 'Paid already',
  refused: 'Refused',
};

/**
 * What a payment sheet or a payment read from the courier would record, row by row (matched,
 * mismatched, unknown, paid already, refused) with the totals; `rowLabel` numbers the rows as their
 * source does (a sheet's line, a payment's consignment); the headers come translated.
 */
export function RemittancePreviewTable({
  preview,
  rowHeader,
  rowLabel,
  referenceHeader,
}: {
  preview: RemittancePreview;
  rowHeader: string;
  rowLabel: (row: RemittancePreview['rows'][number]) => string;
  referenceHeader: string;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  return (
    <>
      <Group gap="xs">
        {(Object.keys(KIND_LABELS) as RemittancePreviewKind[]).map((kind) => (
          <Badge key={kind} color={KIND_COLORS[kind]} variant="light" size="lg">
            {phrase(KIND_LABELS[kind])}: {preview.counts[kind]}
          </Badge>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Text>
          {phrase('Collected')}: <strong>{money(preview.totals.collected)}</strong>
        </Text>
        <Text>
          {phrase('Delivery fees')}: <strong>{money(preview.totals.delivery_fees)}</strong>
        </Text>
        <Text>
          {phrase('COD charges')}: <strong>{money(preview.totals.cod_charges)}</strong>
        </Text>
        <Text>
          {phrase('Net received')}: <strong>{money(preview.totals.net)}</strong>
        </Text>
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {phrase('Matched orders become paid. Mismatches are recorded and wait for a person. Unknown and already paid rows are left out.')}
      </Text>
      <TableScroll minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{rowHeader}</Table.Th>
              <Table.Th>{referenceHeader}</Table.Th>
              <Table.Th>{phrase('Order')}</Table.Th>
              <Table.Th ta="right">{phrase('To collect')}</Table.Th>
              <Table.Th ta="right">{phrase('Collected')}</Table.Th>
              <Table.Th ta="right">{phrase('Fees withheld')}</Table.Th>
              <Table.Th>{phrase('Result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{rowLabel(row)}</Table.Td>
                <Table.Td>{row.reference}</Table.Td>
                <Table.Td>{row.order_number ?? '—'}</Table.Td>
                <Table.Td ta="right">{row.to_collect === null ? '—' : money(row.to_collect)}</Table.Td>
                <Table.Td ta="right">{money(row.collected)}</Table.Td>
                <Table.Td ta="right">{money(row.delivery_fee + row.cod_charge)}</Table.Td>
                <Table.Td>
                  <Badge color={KIND_COLORS[row.kind]} variant="light">
                    {phrase(KIND_LABELS[row.kind])}
                  </Badge>
                  {row.message && (
                    <Text fz="xs" c="dimmed">
                      {phrase(row.message)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </>
  );
}
