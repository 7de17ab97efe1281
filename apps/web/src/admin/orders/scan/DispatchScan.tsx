import './scan.css';
import type { OrderCourierChoice, ScanResult } from '@haat/contracts';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { get, post } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { usePhrase } from '../../../lib/phrases';
import { useSiteInfo } from '../../../lib/site';
import { useAdmin } from '../../useAdmin';
import { useOrderWords } from '../order-ui';
import { CameraScan } from './CameraScan';
import { ScanInput } from './ScanInput';
import { LastScan, ScanList } from './ScanList';
import { type ScanEntry, useScanQueue } from './scan-queue';

export { loader } from '../../shell/AdminShell';

const COURIER_KEY = 'haat.scan.dispatch.courier';

/**
 * `/admin/order/scan/dispatch` (decision 059): choose the courier whose rider is at the desk, then
 * scan each parcel (a USB scanner types the order number and Enter, or the phone's camera reads it):
 * each is handed to that courier (processing → shipped). The list keeps count and the cash to collect;
 * the last hand-over can be taken back; "Print hand-over sheet" prints what the rider signs for.
 */
export default function DispatchScan() {
  const phrase = usePhrase();
  const { money, number } = useOrderWords();
  const site = useSiteInfo();
  const admin = useAdmin();
  const input = useRef<HTMLInputElement>(null);
  const [courierId, setCourierId] = useState<number | null>(() => Number(sessionStorage.getItem(COURIER_KEY)) || null);
  const [undoError, setUndoError] = useState<string | null>(null);
  const couriers = useQuery({
    queryKey: ['order-scan', 'couriers'],
    queryFn: () => get<{ data: OrderCourierChoice[] }>('/api/admin/order-scan/couriers'),
  });
  const { entries, submit, update, clear, waiting } = useScanQueue('haat.scan.dispatch', (entry) =>
    post<ScanResult>('/api/admin/order-scan/dispatch', { code: entry.code, courier_id: entry.courierId }),
  );
  const courier = couriers.data?.data.find((each) => each.id === courierId) ?? null;
  const chooseCourier = (value: string | null) => {
    const id = value ? Number(value) : null;
    setCourierId(id);
    sessionStorage.setItem(COURIER_KEY, id ? String(id) : '');
    setTimeout(() => input.current?.focus(), 0);
  };

  // The sheet: this courier's parcels handed over (or found already with them), each once.
  const seen = new Set<number>();
  const sheet = entries
    .filter((entry) => entry.courierId === courierId && (entry.state === 'done' || entry.state === 'already') && entry.order)
    .filter((entry) => {
      const id = entry.order?.id as number;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .reverse();
  const codTotal = sheet.reduce((sum, entry) => sum + (entry.order?.cod ?? 0), 0);
  const last = entries.find((entry) => entry.state === 'done' && entry.courierId === courierId);

  const words = (entry: ScanEntry) => {
    const name = entry.order?.number ?? entry.code;
    if (entry.state === 'waiting') return phrase('{{number}}: sending…', { number: name });
    if (entry.state === 'done')
      return phrase('{{number}} handed to {{courier}}', { number: name, courier: entry.order?.courier_name ?? '' });
    if (entry.state === 'already')
      return phrase('{{number}} was already handed to {{courier}}', { number: name, courier: entry.order?.courier_name ?? '' });
    if (entry.state === 'undone') return phrase('{{number}} is back in processing', { number: name });
    return entry.message;
  };

  const undo = async () => {
    if (!last?.order) return;
    setUndoError(null);
    try {
      const result = await post<ScanResult>('/api/admin/order-scan/dispatch/undo', { order_id: last.order.id });
      update(last.key, { state: 'undone', order: result.order });
    } catch (error) {
      setUndoError(error instanceof Error ? error.message : String(error));
    }
    input.current?.focus();
  };

  return (
    <>
      <Stack className="scan-screen">
        <Title order={1}>{phrase('Dispatch scan')}</Title>
        {couriers.error && (
          <Alert color="red" role="alert">
            {couriers.error.message}
          </Alert>
        )}
        <Card withBorder>
          <Stack>
            <Select
              label={phrase('Courier taking the parcels')}
              placeholder={phrase('Choose the courier')}
              data={(couriers.data?.data ?? []).map((each) => ({ value: String(each.id), label: each.name }))}
              value={courierId ? String(courierId) : null}
              onChange={chooseCourier}
              allowDeselect={false}
              searchable
              maw={360}
            />
            <ScanInput label={phrase('Order barcode')} inputRef={input} disabled={!courier} onScan={(code) => submit(code, courierId)} />
            {!courier && <Text c="dimmed">{phrase('Choose the courier first; then scan each parcel you hand to them.')}</Text>}
            <CameraScan disabled={!courier} onScan={(code) => submit(code, courierId)} />
          </Stack>
        </Card>

        <LastScan entry={entries[0]} words={words} />

        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Card withBorder padding="sm">
            <Text fz="sm" c="dimmed">
              {phrase('Handed over')}
            </Text>
            <Text fz="xl" fw={700} data-testid="handover-count">
              {number(sheet.length)}
            </Text>
          </Card>
          <Card withBorder padding="sm">
            <Text fz="sm" c="dimmed">
              {phrase('Cash to collect')}
            </Text>
            <Text fz="xl" fw={700} data-testid="handover-cod">
              {money(codTotal)}
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
          <Button onClick={() => window.print()} disabled={sheet.length === 0 || waiting > 0}>
            {phrase('Print hand-over sheet')}
          </Button>
          <Button variant="default" onClick={undo} disabled={!last}>
            {last?.order ? phrase('Undo {{number}}', { number: last.order.number }) : phrase('Undo last scan')}
          </Button>
          <Button variant="subtle" color="red" onClick={clear} disabled={entries.length === 0}>
            {phrase('Start a new list')}
          </Button>
        </Group>
        {undoError && (
          <Alert color="red" role="alert">
            {undoError}
          </Alert>
        )}

        <ScanList entries={entries} doneLabel={phrase('Handed over')} alreadyLabel={phrase('Already handed over')} />
      </Stack>

      {courier && (
        <section className="handover-sheet" aria-label={phrase('Hand-over sheet')}>
          <h2>{phrase('Hand-over sheet')}</h2>
          <p>
            <strong>{site?.site_name}</strong> → <strong>{courier.name}</strong> · {formatDateTime(new Date())}
          </p>
          <table>
            <thead>
              <tr>
                <th>#</th>
                <th>{phrase('Order')}</th>
                <th>{phrase('Customer')}</th>
                <th>{phrase('Address')}</th>
                <th>{phrase('Tracking code')}</th>
                <th className="amount">{phrase('COD')}</th>
              </tr>
            </thead>
            <tbody>
              {sheet.map((entry, index) => (
                <tr key={entry.key}>
                  <td>{number(index + 1)}</td>
                  <td>{entry.order?.number}</td>
                  <td>
                    {entry.order?.customer_name}, {entry.order?.phone}
                  </td>
                  <td>{entry.order?.address}</td>
                  <td>{entry.order?.tracking_code ?? ''}</td>
                  <td className="amount">{money(entry.order?.cod ?? 0)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5}>{phrase('{{n}} parcels, cash to collect', { n: number(sheet.length) })}</td>
                <td className="amount">{money(codTotal)}</td>
              </tr>
            </tfoot>
          </table>
          <div className="signatures">
            <div>
              <div className="line" />
              {phrase('Handed over by: {{name}}', { name: admin.name })}
            </div>
            <div>
              <div className="line" />
              {phrase('Received by ({{courier}}): name, signature, date', { courier: courier.name })}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
