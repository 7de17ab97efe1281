import { Table, UnstyledButton } from '@mantine/core';
import { usePhrase } from '../../lib/phrases';

/**
 * A column header that sorts: a click sorts by the key, a second click reverses it (`-key`).
 * Columns without a key are plain headers.
 */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  align,
}: {
  label: string;
  sortKey?: string;
  /** The current sort, e.g. `name` or `-stock`. */
  sort: string;
  onSort: (sort: string) => void;
  align?: 'left' | 'right';
}) {
  const phrase = usePhrase();
  const text = phrase(label);
  const active = Boolean(sortKey) && (sort === sortKey || sort === `-${sortKey}`);
  const descending = sort === `-${sortKey}`;
  return (
    <Table.Th ta={align} aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}>
      {sortKey ? (
        <UnstyledButton onClick={() => onSort(active && !descending ? `-${sortKey}` : sortKey)} fw={700} fz="sm">
          {text} {active ? (descending ? '↓' : '↑') : ''}
        </UnstyledButton>
      ) : (
        text
      )}
    </Table.Th>
  );
}
