import type { Column, ListFilterField } from '../types';

export const yesNoFilter = (name: string, label: string): ListFilterField => ({
  name,
  label,
  options: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
});

/** A Bengali name, marked as Bengali for screen readers and fonts. */
export const bengaliColumn = (key = 'name_bn', label = 'Bengali name'): Column => ({
  key,
  label,
  render: (row) => (row[key] ? <span lang="bn">{String(row[key])}</span> : '—'),
});
