import { REMITTANCE_CSV_LAYOUT_LABELS, REMITTANCE_CSV_LAYOUTS, type RemittanceDetail, type RemittancePreview } from '@haat/contracts';
import { Alert, Button, Card, FileInput, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { toast } from '../../../ui/toast/toast';
import { RemittancePreviewTable } from './RemittancePreviewTable';
import { emptyHead, headBody, RemittanceHeadFields } from './shared';

/**
 * `/admin/courier/remittance/import`: a courier's payment sheet (Steadfast's, Pathao's or a generic
 * one) read and shown row by row — matched, mismatched, unknown, paid already — then recorded.
 */
export default function RemittanceImport() {
  const phrase = usePhrase();
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
            <RemittancePreviewTable
              preview={preview}
              rowHeader={phrase('Row')}
              referenceHeader={phrase('Sheet says')}
              rowLabel={(row) => String(row.row + 2)}
            />
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
