import { Badge, Table, Text } from '@mantine/core';
import { usePhrase } from '../../../lib/phrases';
import { useOrderWords } from '../order-ui';
import type { ScanEntry } from './scan-queue';

const COLORS: Record<ScanEntry['state'], string> = {
  waiting: 'gray',
  done: 'green.9',
  already: 'blue.8',
  refused: 'red.8',
  undone: 'gray.7',
};

/** The desk's running list, newest scan first: what happened to each parcel, in colour and words. */
export function ScanList({ entries, doneLabel, alreadyLabel }: { entries: ScanEntry[]; doneLabel: string; alreadyLabel: string }) {
  const phrase = usePhrase();
  const { money } = useOrderWords();
  const label: Record<ScanEntry['state'], string> = {
    waiting: phrase('Sending…'),
    done: doneLabel,
    already: alreadyLabel,
    refused: phrase('Refused'),
    undone: phrase('Taken back'),
  };
  if (entries.length === 0) return <Text c="dimmed">{phrase('Nothing scanned yet.')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table className="scan-list" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{phrase('Order')}</Table.Th>
            <Table.Th>{phrase('Result')}</Table.Th>
            <Table.Th>{phrase('Customer')}</Table.Th>
            <Table.Th>{phrase('Tracking code')}</Table.Th>
            <Table.Th ta="right">{phrase('COD')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.key} className={`scan-row scan-${entry.state}`} data-state={entry.state}>
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {entry.order?.number ?? entry.code}
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[entry.state]} variant="filled" radius="sm">
                  {label[entry.state]}
                </Badge>
                {entry.message && (
                  <Text fz="sm" c="red.9" mt={4}>
                    {entry.message}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {entry.order && (
                  <>
                    {entry.order.customer_name} · {entry.order.phone}
                    <Text fz="xs" c="dimmed">
                      {entry.order.address}
                    </Text>
                  </>
                )}
              </Table.Td>
              <Table.Td>{entry.order?.tracking_code ?? ''}</Table.Td>
              <Table.Td ta="right">{entry.order ? money(entry.order.cod) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The banner over the list: the last answer, large, in its colour, read out by screen readers. */
export function LastScan({ entry, words }: { entry: ScanEntry | undefined; words: (entry: ScanEntry) => string }) {
  if (!entry) return null;
  return (
    <div className={`scan-banner scan-${entry.state}`} role="status" aria-live="assertive">
      {words(entry)}
    </div>
  );
}
