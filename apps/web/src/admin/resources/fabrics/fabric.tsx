import { FABRIC_UNIT_LABELS, FABRIC_UNITS, type FabricUnit, fabricDescriptor } from '@haat/contracts';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useNumber } from '../../../lib/numbers';
import { phrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

const units = FABRIC_UNITS.map((value) => ({ value, label: FABRIC_UNIT_LABELS[value] }));
const unitWord = (unit: FabricUnit) => phrase(FABRIC_UNIT_LABELS[unit]);

/** A fabric's stock in the reader's digits, marked when low. */
function FabricStock({ stock, low }: { stock: number; low: boolean }) {
  const number = useNumber();
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Text fz="sm" fw={600} c={low ? AA_COLORS.warning : undefined}>
        {number(stock)}
      </Text>
      {low && (
        <Badge color="orange" variant="light" size="sm">
          {phrase('Low')}
        </Badge>
      )}
    </Group>
  );
}

/** The fabrics of the fabric stock: what they are, the unit they are counted in, and what is in hand. */
export default defineResource(fabricDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'colour', label: 'Colour' },
      { key: 'fabric_type', label: 'Type' },
      { key: 'unit', label: 'Unit', render: (row) => unitWord(row.unit) },
      {
        key: 'stock',
        label: 'In stock',
        sort: 'stock',
        align: 'right',
        render: (row) => <FabricStock stock={row.stock} low={row.low} />,
      },
      { key: 'stock_value', label: 'Stock value', kind: 'money', align: 'right' },
      {
        own: true,
        key: 'ledger',
        label: 'Ledger',
        render: (row) => (
          <Anchor component={Link} to={`/admin/purchase/manage/fabrics?tab=stock&fabric=${row.id}`} fz="sm">
            {phrase('Ledger')}
          </Anchor>
        ),
      },
      statusColumn,
    ],
    filters: [{ name: 'unit', label: 'Unit', options: units }, statusFilter],
    defaultSort: 'name',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name, colour or type',
    empty: 'No fabrics yet: add the cloth you buy by the metre, yard or piece.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true, description: 'Like Cotton poplin, Georgette, Khadi' },
      { name: 'colour', label: 'Colour', kind: 'text', half: true },
      { name: 'fabric_type', label: 'Type', kind: 'text', half: true, description: 'Woven, knit, printed, dyed…' },
      {
        name: 'unit',
        label: 'Unit',
        kind: 'select',
        options: units,
        required: true,
        half: true,
        description: 'How it is bought and issued; fixed once it has moved',
      },
      { name: 'low_stock_at', label: 'Low at', kind: 'number', half: true, description: 'Shown as low at or below this much' },
      { name: 'notes', label: 'Notes', kind: 'textarea' },
      { ...statusField, statusLabels: { on: 'In use', off: 'Not used' } },
    ],
  },
});
