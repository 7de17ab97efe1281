import {
  REMITTANCE_CSV_LAYOUT_LABELS,
  REMITTANCE_CSV_LAYOUTS,
  type RemittanceDetail,
  type RemittancePreview,
  type RemittancePreviewKind,
} from '@haat/contracts';
import { Alert, Badge, Button, Card, FileInput, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useMoney } from '../../purchasing/PurchaseForm';
import { emptyHead, headBody, RemittanceHeadFields } from './shared';

const KIND_COLORS: Record<RemittancePreviewKind, string> = {
  matched: 'green',
  mismatch: 'orange',
  unknown: 'gray',
  paid: 'blue',
  refused: 'red',
};
const KIND_LABELS: Record<RemittancePreviewKind, string> = {
  matched: 'Matched',
  mismatch: 'Mismatch',
  unknown: 'Unknown order',
  paid: 'Paid already',
  refused: 'Refused',
};

/**
 * `/admin/courier/remittance/import`: a courier's payment sheet (Steadfast's, Pathao's or a generic
 * one) read and shown row by row — matched, mismatched, unknown, paid already — then recorded.
 */
export default function RemittanceImport() {
  const phrase = usePhrase();
  const money = useMoney();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [head, setHead] = useState(emptyHead);
  const [layout, setLayout] = useState<string>('steadfast');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<RemittancePreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const send = async (confirm: boolean) => {
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const body = { ...headBody(head), layout, csv };
      if (!confirm) {
        setPreview((await post<{ data: RemittancePreview }>('/api/admin/courier/remittances/preview', body)).data);
        return;
      }
      const answer = await post<{ message: string; data: RemittanceDetail }>('/api/admin/courier/remittances/import', body);
      toast.success(phrase(answer.message));
      await client.invalidateQueries();
      navigate(`/admin/courier/remittance/${answer.data.id}`);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setCsv(chosen ? await chosen.text() : '');
  };

  return (
    <Stack>
      <Title order={1} fz="h3">
        {phrase('Import payment sheet')}
      </Title>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <Card withBorder>
        <Stack>
          <RemittanceHeadFields
            head={head}
            onChange={(next) => {
              setHead(next);
              setPreview(null);
            }}
            errors={errors}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={phrase('Sheet layout')}
              required
              data={REMITTANCE_CSV_LAYOUTS.map((each) => ({ value: each, label: phrase(REMITTANCE_CSV_LAYOUT_LABELS[each]) }))}
              value={layout}
              onChange={(value) => {
                setLayout(value ?? 'generic');
                setPreview(null);
              }}
              error={errors.layout ? phrase(errors.layout) : undefined}
            />
            <FileInput
              label={phrase('Payment sheet (CSV)')}
              required
              accept=".csv,text/csv"
              value={file}
              onChange={choose}
              error={errors.csv ? phrase(errors.csv) : undefined}
            />
          </SimpleGrid>
          <Group>
            <Button onClick={() => send(false)} loading={working && !preview} disabled={!csv}>
              {phrase('Preview')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {preview && (
        <Card withBorder>
          <Stack>
            <Group gap="xs">
              {(Object.keys(KIND_LABELS) as RemittancePreviewKind[]).map((kind) => (
                <Badge key={kind} color={KIND_COLORS[kind]} variant="light" size="lg">
                  {phrase(KIND_LABELS[kind])}: {preview.counts[kind]}
                </Badge>
              ))}
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Text>
                {phrase('Collected')}: <strong>{money(preview.totals.collected)}</strong>
              </Text>
              <Text>
                {phrase('Delivery fees')}: <strong>{money(preview.totals.delivery_fees)}</strong>
              </Text>
              <Text>
                {phrase('COD charges')}: <strong>{money(preview.totals.cod_charges)}</strong>
              </Text>
              <Text>
                {phrase('Net received')}: <strong>{money(preview.totals.net)}</strong>
              </Text>
            </SimpleGrid>
            <Text fz="sm" c="dimmed">
              {phrase(
                'Matched orders become paid. Mismatches are recorded and wait for a person. Unknown and already paid rows are left out.',
              )}
            </Text>
            <TableScroll minWidth={720}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{phrase('Row')}</Table.Th>
                    <Table.Th>{phrase('Sheet says')}</Table.Th>
                    <Table.Th>{phrase('Order')}</Table.Th>
                    <Table.Th ta="right">{phrase('To collect')}</Table.Th>
                    <Table.Th ta="right">{phrase('Collected')}</Table.Th>
                    <Table.Th ta="right">{phrase('Fees withheld')}</Table.Th>
                    <Table.Th>{phrase('Result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row + 2}</Table.Td>
                      <Table.Td>{row.reference}</Table.Td>
                      <Table.Td>{row.order_number ?? '—'}</Table.Td>
                      <Table.Td ta="right">{row.to_collect === null ? '—' : money(row.to_collect)}</Table.Td>
                      <Table.Td ta="right">{money(row.collected)}</Table.Td>
                      <Table.Td ta="right">{money(row.delivery_fee + row.cod_charge)}</Table.Td>
                      <Table.Td>
                        <Badge color={KIND_COLORS[row.kind]} variant="light">
                          {phrase(KIND_LABELS[row.kind])}
                        </Badge>
                        {row.message && (
                          <Text fz="xs" c="dimmed">
                            {row.message}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Group>
              <Button
                onClick={() => send(true)}
                loading={working}
                disabled={preview.counts.matched + preview.counts.mismatch === 0 || preview.counts.refused > 0}
              >
                {phrase('Record remittance')}
              </Button>
              {preview.counts.refused > 0 && <Text c="red">{phrase('Remove the refused rows from the sheet first.')}</Text>}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
