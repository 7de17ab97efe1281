import './scan.css';
import type { ScanResult } from '@haat/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { useOrderWords } from '../order-ui';
import { CameraScan } from './CameraScan';
import { ScanInput } from './ScanInput';
import { LastScan, ScanList } from './ScanList';
import { type ScanEntry, useScanQueue } from './scan-queue';

export { loader } from '../../shell/AdminShell';

/**
 * `/admin/order/scan/return` (decision 059): each returned parcel scanned as it is unpacked is
 * received — a shipped or delivered order moves to returned (its stock restored, the return charge
 * applied), one already marked returned by the courier is recorded as received — exactly once: a
 * second scan says "already received".
 */
export default function ReturnScan() {
  const phrase = usePhrase();
  const { money, number } = useOrderWords();
  const input = useRef<HTMLInputElement>(null);
  const { entries, submit, clear, waiting } = useScanQueue('haat.scan.return', (entry) =>
    post<ScanResult>('/api/admin/order-scan/return', { code: entry.code }),
  );
  const received = entries.filter((entry) => entry.state === 'done');
  const charges = received.reduce((sum, entry) => sum + (entry.order?.return_charge ?? 0), 0);
  const words = (entry: ScanEntry) => {
    const name = entry.order?.number ?? entry.code;
    if (entry.state === 'waiting') return phrase('{{number}}: sending…', { number: name });
    if (entry.state === 'done') return phrase('{{number}} received and restocked', { number: name });
    if (entry.state === 'already') return phrase('{{number}} was already received', { number: name });
    return entry.message;
  };

  return (
    <Stack className="scan-screen">
      <Title order={1}>{phrase('Returns check-in')}</Title>
      <Card withBorder>
        <Stack>
          <ScanInput label={phrase('Returned parcel barcode')} inputRef={input} onScan={(code) => submit(code)} />
          <CameraScan onScan={(code) => submit(code)} />
        </Stack>
      </Card>
      <LastScan entry={entries[0]} words={words} />
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        <Card withBorder padding="sm">
          <Text fz="sm" c="dimmed">
            {phrase('Received')}
          </Text>
          <Text fz="xl" fw={700} data-testid="received-count">
            {number(received.length)}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text fz="sm" c="dimmed">
            {phrase('Return charges')}
          </Text>
          <Text fz="xl" fw={700}>
            {money(charges)}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text fz="sm" c="dimmed">
            {phrase('Waiting for an answer')}
          </Text>
          <Text fz="xl" fw={700}>
            {number(waiting)}
          </Text>
        </Card>
      </SimpleGrid>
      <Group>
        <Button variant="subtle" color="red" onClick={clear} disabled={entries.length === 0}>
          {phrase('Start a new list')}
        </Button>
      </Group>
      <ScanList entries={entries} doneLabel={phrase('Received')} alreadyLabel={phrase('Already received')} />
    </Stack>
  );
}
