import { type fabricSupplierDescriptor, formatMoney, type SupplierView, type supplierDescriptor } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

/** What the shop owes a supplier, red when it owes them more than nothing. */
function DueCell({ row }: { row: SupplierView }) {
  return (
    <Anchor component={Link} to={`/admin/supplier/${row.id}/amount`} fz="sm" fw={row.due > 0 ? 600 : undefined}>
      {formatMoney(row.due)}
    </Anchor>
  );
}

/** The two supplier screens (goods, fabric) differ only by their descriptor: the kind is fixed by the screen. */
export function supplierScreens(descriptor: typeof supplierDescriptor | typeof fabricSupplierDescriptor) {
  return defineResource(descriptor, {
    list: {
      columns: [
        { key: 'name', label: 'Name', sort: 'name', link: true },
        { key: 'company', label: 'Company', sort: 'company' },
        { key: 'phone', label: 'Phone' },
        { key: 'purchases_count', label: 'Purchases', kind: 'number' },
        { own: true, key: 'due', label: 'Due', align: 'right', render: (row) => <DueCell row={row} /> },
        statusColumn,
      ],
      filters: [statusFilter],
      defaultSort: 'name',
      bulk: ['publish', 'unpublish', 'delete'],
      import: {
        columns: ['id', 'name', 'company', 'phone', 'address', 'opening_balance', 'status'],
        example: [['', 'Karim Textiles', 'Karim Textiles Ltd', '01712345678', 'Islampur, Dhaka', '0', '1']],
        help: 'A line with a known id or name updates that supplier; the others are added. The opening balance is in paisa.',
      },
      searchPlaceholder: 'Name, company or phone',
      empty: 'No suppliers yet. Add the people you buy from to record purchases and what you owe them.',
    },
    form: {
      fields: [
        { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
        { name: 'company', label: 'Company', kind: 'text', half: true },
        { name: 'phone', label: 'Phone', kind: 'text', half: true },
        {
          name: 'opening_balance',
          label: 'Opening balance',
          kind: 'money',
          half: true,
          description: 'What you owed them when you started using Haat; negative if they owed you',
        },
        { name: 'address', label: 'Address', kind: 'textarea' },
        statusField,
      ],
    },
  });
}
