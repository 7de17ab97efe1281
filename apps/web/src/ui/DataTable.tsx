import { Card, Skeleton, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableScroll } from './TableScroll';

/**
 * A bordered, striped table that scrolls sideways on narrow screens (TableScroll: first column kept, a shade and a hint), with a loading row while its
 * first page comes and a message row when there is nothing to show. `head` is the header cells;
 * `children` the body rows.
 */
export function DataTable({
  head,
  columns,
  minWidth,
  loading,
  empty,
  busy,
  label,
  children,
}: {
  head: ReactNode;
  /** How many header cells there are, for the loading and empty rows. */
  columns: number;
  minWidth: number;
  loading: boolean;
  /** Shown when there are no rows (null while there are). */
  empty: ReactNode;
  busy?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding={0}>
      <TableScroll minWidth={minWidth}>
        <Table striped verticalSpacing="sm" aria-busy={busy} aria-label={label}>
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Skeleton h={24} />
                </Table.Td>
              </Table.Tr>
            )}
            {!loading && empty && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text c="dimmed" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {children}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}
