import { loanerDescriptor } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { defineResource } from '../types';

/** Lenders and borrowers (decision 051): their details; the name opens `/admin/loaner/details/{id}`. */
export default defineResource(loanerDescriptor, {
  list: {
    intro: 'Banks, people and businesses the shop has borrowed from or lent to.',
    columns: [
      {
        own: true,
        key: 'name',
        label: 'Name',
        render: (row) => (
          <Anchor component={Link} to={`/admin/loaner/details/${row.id}`}>
            {row.name}
          </Anchor>
        ),
      },
      { key: 'phone', label: 'Phone' },
      { key: 'organisation', label: 'Organisation' },
      { key: 'loans', label: 'Open loans', kind: 'number', align: 'right' },
      { key: 'we_owe', label: 'We owe', kind: 'money', align: 'right' },
      { key: 'they_owe', label: 'They owe us', kind: 'money', align: 'right' },
    ],
    bulk: ['delete'],
    searchPlaceholder: 'Name, phone or organisation',
    empty: 'No lenders or borrowers yet: they are added with a loan.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'phone', label: 'Phone', kind: 'text', half: true },
      { name: 'organisation', label: 'Organisation', kind: 'text', half: true },
      { name: 'national_id', label: 'National ID', kind: 'text', half: true },
      { name: 'address', label: 'Address', kind: 'textarea' },
      { name: 'note', label: 'Note', kind: 'textarea' },
    ],
  },
});
