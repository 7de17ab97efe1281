import { formatMoney, type TeamMemberView, teamMemberDescriptor } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';

/** What the member is owed, linked to their salary months (decision 050). */
function SalaryCell({ row }: { row: TeamMemberView }) {
  return (
    <Anchor
      component={Link}
      to={`/admin/team/salary/${row.id}`}
      fz="sm"
      fw={row.salary_due > 0 ? 600 : undefined}
      aria-label={phrase('Salary of {{name}}', { name: row.name })}
    >
      {row.salary_due > 0 ? phrase('{{amount}} due', { amount: formatMoney(row.salary_due) }) : phrase('Salary')}
    </Anchor>
  );
}

const today = () => new Date().toLocaleDateString('en-CA');

/** `/admin/team/member`, `/admin/team/member/add`, `/admin/team/member/edit/{id}`: the people who work for the shop. */
export default defineResource(teamMemberDescriptor, {
  list: {
    intro: 'The people who work for the shop, with or without a login. Their salaries and advances are on each one’s salary page.',
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'designation', label: 'Designation', sort: 'designation' },
      { key: 'phone', label: 'Phone' },
      { key: 'joining_date', label: 'Joining date', sort: 'joining_date', kind: 'date' },
      { key: 'monthly_salary', label: 'Monthly salary', sort: 'monthly_salary', kind: 'money', align: 'right' },
      { key: 'advance_left', label: 'Advance to recover', kind: 'money', align: 'right' },
      { own: true, key: 'salary_due', label: 'Salary', align: 'right', render: (row) => <SalaryCell row={row} /> },
      statusColumn,
    ],
    filters: [statusFilter],
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name, designation or phone',
    empty: 'No team members yet. Add the people who work for the shop.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
      { name: 'designation', label: 'Designation', kind: 'text', required: true, half: true, description: 'e.g. Order executive, Packing' },
      { name: 'phone', label: 'Phone', kind: 'text', required: true, half: true, description: 'A mobile number like 01712345678' },
      { name: 'national_id', label: 'National ID', kind: 'text', half: true, description: '10, 13 or 17 digits' },
      { name: 'joining_date', label: 'Joining date', kind: 'date', required: true, half: true, initial: today() },
      {
        name: 'monthly_salary',
        label: 'Monthly salary',
        kind: 'money',
        required: true,
        half: true,
        description: 'Each month starts from it; the joining month is counted by days',
      },
      { name: 'note', label: 'Note', kind: 'textarea' },
      statusField,
    ],
  },
});
