import type { CourierPaymentsAnswer, CourierPaymentView, RemittanceDetail, RemittancePaymentPreview } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, get, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useMoney } from '../../purchasing/PurchaseForm';
import { RemittancePreviewTable } from './RemittancePreviewTable';
import { emptyHead, headBody, RemittanceHeadFields } from './shared';

/**
 * `/admin/courier/remittance/payments`: "Read payments from the courier" — the courier's recent
 * payments from its API (Steadfast's), each marked with the remittance recording it; one is
 * previewed consignment by consignment and recorded as a remittance, once (decision 049).
 */
export default function RemittancePayments() {
  const phrase = usePhrase();
  const money = useMoney();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [head, setHead] = useState(emptyHead);
  const [payments, setPayments] = useState<CourierPaymentsAnswer | null>(null);
  const [preview, setPreview] = useState<RemittancePaymentPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);

  /** Runs one call to the API, showing its refusal (field errors and the message) when it fails. */
  const attempt = async (what: string, call: () => Promise<void>) => {
    setWorking(what);
    setErrors({});
    setMessage(null);
    try {
      await call();
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(null);
    }
  };

  const read = () =>
    attempt('read', async () => {
      setPreview(null);
      setPayments(null);
      const answer = await get<{ data: CourierPaymentsAnswer }>(
        `/api/admin/courier/remittances/payments?courier_id=${encodeURIComponent(head.courier_id ?? '')}`,
      );
      setPayments(answer.data);
    });

  const look = (payment: CourierPaymentView) =>
    attempt(`preview-${payment.payment_id}`, async () => {
      const answer = await post<{ data: RemittancePaymentPreview }>('/api/admin/courier/remittances/payments/preview', {
        courier_id: payments?.courier_id,
        payment_id: payment.payment_id,
      });
      setPreview(answer.data);
      setHead((current) => ({
        ...current,
        paid_on: answer.data.payment.paid_on ?? current.paid_on,
        // The reference follows the payment looked at, unless the person wrote another.
        reference: !current.reference || /^Payment \S+$/.test(current.reference) ? `Payment ${payment.payment_id}` : current.reference,
      }));
    });

  const record = () =>
    attempt('record', async () => {
      if (!preview) return;
      const answer = await post<{ message: string; data: RemittanceDetail }>('/api/admin/courier/remittances/payments/import', {
        ...headBody(head),
        courier_id: payments?.courier_id,
        payment_id: preview.payment.payment_id,
      });
      toast.success(phrase(answer.message));
      await client.invalidateQueries();
      navigate(`/admin/courier/remittance/${answer.data.id}`);
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('Read payments from the courier')}
        </Title>
        <Button variant="light" component={Link} to="/admin/courier/remittance">
          {phrase('All remittances')}
        </Button>
      </Group>
      <Text c="dimmed" fz="sm">
        {phrase(
          'The payments a courier’s API lists (Steadfast’s). Each is recorded once, as a remittance: its consignments are matched with the orders like a payment sheet’s rows.',
        )}
      </Text>
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
              if (next.courier_id !== head.courier_id) {
                setPayments(null);
                setPreview(null);
              }
              setHead(next);
            }}
            errors={errors}
          />
          <Group>
            <Button onClick={read} loading={working === 'read'} disabled={!head.courier_id}>
              {phrase('Read payments from the courier')}
            </Button>
          </Group>
        </Stack>
      </Card>
      {payments && (
        <Card withBorder>
          <Stack>
            <Title order={2} fz="h4">
              {phrase('Payments from {{courier}}', { courier: payments.courier_name })}
            </Title>
            {payments.payments.length === 0 ? (
              <Text c="dimmed">{phrase('The courier lists no payment of the last 60 days.')}</Text>
            ) : (
              <TableScroll minWidth={640}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{phrase('Payment')}</Table.Th>
                      <Table.Th>{phrase('Paid on')}</Table.Th>
                      <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                      <Table.Th ta="right">{phrase('Consignments')}</Table.Th>
                      <Table.Th>{phrase('Recorded')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {payments.payments.map((payment) => (
                      <Table.Tr
                        key={payment.payment_id}
                        aria-current={preview?.payment.payment_id === payment.payment_id ? 'true' : undefined}
                      >
                        <Table.Td>{payment.payment_id}</Table.Td>
                        <Table.Td>{payment.paid_on ?? '—'}</Table.Td>
                        <Table.Td ta="right">{payment.amount === null ? '—' : money(payment.amount)}</Table.Td>
                        <Table.Td ta="right">{payment.consignments ?? '—'}</Table.Td>
                        <Table.Td>
                          {payment.remittance_id !== null ? (
                            <Anchor component={Link} to={`/admin/courier/remittance/${payment.remittance_id}`}>
                              {phrase('Recorded as remittance #{{id}}', { id: payment.remittance_id })}
                            </Anchor>
                          ) : (
                            <Button
                              size="xs"
                              variant="light"
                              loading={working === `preview-${payment.payment_id}`}
                              onClick={() => look(payment)}
                              aria-label={phrase('Preview payment {{id}}', { id: payment.payment_id })}
                            >
                              {phrase('Preview')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )}
          </Stack>
        </Card>
      )}
      {preview && (
        <Card withBorder>
          <Stack>
            <Title order={2} fz="h4">
              {phrase('Payment {{id}}', { id: preview.payment.payment_id })}
            </Title>
            {preview.payment.amount !== null && (
              <Text>
                {phrase('The courier says it paid')}: <strong>{money(preview.payment.amount)}</strong>
              </Text>
            )}
            <RemittancePreviewTable
              preview={preview}
              rowHeader={phrase('Row')}
              referenceHeader={phrase('Courier says')}
              rowLabel={(row) => String(row.row + 1)}
            />
            <Group>
              {preview.payment.remittance_id !== null ? (
                <Anchor component={Link} to={`/admin/courier/remittance/${preview.payment.remittance_id}`}>
                  {phrase('Recorded as remittance #{{id}}', { id: preview.payment.remittance_id })}
                </Anchor>
              ) : (
                <Button
                  onClick={record}
                  loading={working === 'record'}
                  disabled={preview.counts.matched + preview.counts.mismatch === 0 || preview.counts.refused > 0}
                >
                  {phrase('Record remittance')}
                </Button>
              )}
              {preview.counts.refused > 0 && (
                <Text c="red">{phrase('Some consignments are refused: settle them with the courier, or enter the rest by hand.')}</Text>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
