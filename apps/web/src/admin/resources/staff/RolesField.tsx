import type { Paginator } from '@haat/contracts';
import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import type { FieldProps } from '../types';

/** The roles an admin holds. */
export function RolesField({ field, value, error, onChange }: FieldProps) {
  const phrase = usePhrase();
  const { data } = useQuery({
    queryKey: ['reference', '/api/admin/roles', 'all'],
    queryFn: () => get<Paginator<{ id: number; name: string }>>('/api/admin/roles?per_page=100&sort=name'),
  });
  return (
    <MultiSelect
      label={phrase(field.label)}
      description={field.description && phrase(field.description)}
      error={error}
      searchable
      data={(data?.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
      value={(Array.isArray(value) ? (value as number[]) : []).map(String)}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}
