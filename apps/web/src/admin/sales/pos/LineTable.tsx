import { ActionIcon, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import { MoneyInput } from '../../../ui/resource/fields';
import { TableScroll } from '../../../ui/TableScroll';
import { useOrderWords } from '../../orders/order-ui';
import { itemName } from './ScanBox';
import type { ScanLines } from './useScanLines';

/**
 * The lines of a point-of-sale screen: quantity, price (fixed for an item back from a known sale),
 * discount, amount and remove. `field` names the server's errors (`lines.N.quantity`, `returns.N.…`).
 */
export function LineTable({
  scan,
  field,
  errors,
  empty,
  discount = true,
  showStock = false,
  minWidth = 560,
}: {
  scan: ScanLines;
  field: 'lines' | 'returns';
  errors: Record<string, string>;
  empty: string;
  discount?: boolean;
  showStock?: boolean;
  minWidth?: number;
}) {
  const { phrase, money, number } = useOrderWords();
  return (
    <TableScroll minWidth={minWidth}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{phrase('Item')}</Table.Th>
            <Table.Th>{phrase('Quantity')}</Table.Th>
            <Table.Th>{phrase('Price')}</Table.Th>
            {discount && <Table.Th>{phrase('Discount')}</Table.Th>}
            <Table.Th ta="right">{phrase('Amount')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{phrase('Remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {scan.lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text c="dimmed">{empty}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {scan.lines.map((line, index) => (
            <Table.Tr key={line.variant_id}>
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {itemName(line)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {line.sku}
                  {showStock && line.stock !== undefined && <> · {phrase('{{n}} in stock', { n: number(line.stock) })}</>}
                </Text>
              </Table.Td>
              <Table.Td miw={90}>
                <NumberInput
                  aria-label={phrase('Quantity of {{name}}', { name: itemName(line) })}
                  min={1}
                  max={line.max}
                  value={line.quantity}
                  onChange={(value) => scan.change(index, { quantity: Math.min(Number(value) || 1, line.max ?? Number.MAX_SAFE_INTEGER) })}
                  error={errors[`${field}.${index}.quantity`]}
                />
              </Table.Td>
              <Table.Td miw={130}>
                {line.max !== undefined ? (
                  money(line.unit_price)
                ) : (
                  <MoneyInput
                    aria-label={phrase('Price of {{name}}', { name: itemName(line) })}
                    value={line.unit_price}
                    onChange={(paisa) => scan.change(index, { unit_price: paisa ?? 0 })}
                    error={errors[`${field}.${index}.unit_price`]}
                  />
                )}
              </Table.Td>
              {discount && (
                <Table.Td miw={120}>
                  <MoneyInput
                    aria-label={phrase('Discount on {{name}}', { name: itemName(line) })}
                    value={line.discount}
                    onChange={(paisa) => scan.change(index, { discount: paisa ?? 0 })}
                    error={errors[`${field}.${index}.discount`]}
                  />
                </Table.Td>
              )}
              <Table.Td ta="right">{money(line.quantity * line.unit_price - line.discount)}</Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={phrase('Remove {{name}}', { name: itemName(line) })}
                  onClick={() => scan.remove(index)}
                >
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
