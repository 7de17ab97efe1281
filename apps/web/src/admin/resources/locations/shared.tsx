import type { SharedColumn, SharedFilter } from '../types';

export const yesNoFilter = <const Name extends string>(name: Name, label: string): SharedFilter<Name> => ({
  name,
  label,
  options: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
});

/** A Bengali name, marked as Bengali for screen readers and fonts. */
export const bengaliColumn = <const Key extends string>(key: Key, label = 'Bengali name'): SharedColumn<Key> => ({
  key,
  label,
  render: (row) => (row[key] ? <span lang="bn">{String(row[key])}</span> : '—'),
});
