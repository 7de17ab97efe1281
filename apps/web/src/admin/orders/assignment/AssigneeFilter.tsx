import { Select } from '@mantine/core';
import { usePhrase } from '../../../lib/phrases';
import { useAdmin } from '../../useAdmin';
import { useAssignees } from './use-assignees';

/**
 * Whose orders the order list shows (decision 057): the URL's `assignee` (`all`, `me`, `none` or a staff
 * member's id); without one, a staff member who takes orders sees their own queue, others see all.
 * `filter` is what goes to the API as `filter[assignee]` (null: everyone's); `ready` is false until
 * the default is known, so the list does not load everyone's orders first.
 */
export function useAssigneeView(param: string | null) {
  const admin = useAdmin();
  const assignees = useAssignees();
  const value = param ?? (assignees.data?.me_takes_orders ? 'me' : 'all');
  const filter = value === 'all' ? null : value === 'me' ? String(admin.id) : value;
  return { value, filter, ready: param !== null || !assignees.isPending, assignees: assignees.data?.data ?? [] };
}

export function AssigneeSelect({
  value,
  onChange,
  assignees,
}: {
  value: string;
  onChange: (value: string) => void;
  assignees: { id: number; name: string }[];
}) {
  const phrase = usePhrase();
  const admin = useAdmin();
  return (
    <Select
      label={phrase('Assigned to')}
      data={[
        { value: 'all', label: phrase('Everyone') },
        { value: 'me', label: phrase('My orders') },
        { value: 'none', label: phrase('Unassigned') },
        ...assignees.filter((each) => each.id !== admin.id).map((each) => ({ value: String(each.id), label: each.name })),
      ]}
      value={value}
      onChange={(next) => onChange(next ?? 'all')}
      allowDeselect={false}
      searchable
      w={200}
    />
  );
}
