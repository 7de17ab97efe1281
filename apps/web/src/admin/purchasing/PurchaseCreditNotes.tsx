import type { PurchaseDetail, PurchaseLineView } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { TableScroll } from '../../ui/TableScroll';
import { toast } from '../../ui/toast/toast';
import { useMoney } from './PurchaseForm';

const lineName = (line: PurchaseLineView) => (line.variant_label ? `${line.product_name} (${line.variant_label})` : line.product_name);

/**
 * Records a supplier's credit note on a received purchase (decision 044): the date, the supplier's note
 * number, a reason and an amount per line, each at most what the line may still be credited.
 */
export function CreditNoteForm({ purchase, onClose }: { purchase: PurchaseDetail; onClose: () => void }) {
  const phrase = usePhrase();
  const money = useMoney();
  const client = useQueryClient();
  const [creditedOn, setCreditedOn] = useState('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [amounts, setAmounts] = useState<Record<number, number | null>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const left = new Map(purchase.creditable.map((each) => [each.line_id, each.amount]));
  const lines = purchase.lines.filter((line) => (left.get(line.id) ?? 0) > 0);
  const body = () => lines.map((line) => ({ line_id: line.id, amount: amounts[line.id] ?? 0 })).filter((line) => line.amount !== 0);
  const fieldOf = (lineId: number) => {
    const index = body().findIndex((line) => line.line_id === lineId);
    return index >= 0 ? (errors[`lines.${index}.amount`] ?? errors[`lines.${index}.line_id`]) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string }>(`/api/admin/purchases/${purchase.id}/credit-notes`, {
        ...(creditedOn ? { credited_on: creditedOn } : {}),
        reference,
        reason,
        lines: body(),
      });
      toast.success(phrase(answer.message));
      onClose();
      await client.invalidateQueries({ queryKey: ['purchase', String(purchase.id)] });
    } catch (failure) {
      if (failure instanceof ApiError) {
        setErrors(failure.fieldErrors());
        setMessage(failure.message);
      } else throw failure;
    } finally {
      setWorking(false);
    }
  };

  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={phrase('Record credit note')}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Record credit note')}
        </Title>
        <Text fz="sm" c="dimmed">
          {phrase(
            'A price reduction from the supplier after the goods arrived: it lowers what you owe them and the cost of the units still in stock. Sales already made keep their cost.',
          )}
        </Text>
        {message && (
          <Alert color="red" role="alert">
            {phrase(message)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label={phrase('Date')}
            description={phrase('Today when left empty')}
            value={creditedOn}
            onChange={(event) => setCreditedOn(event.currentTarget.value)}
            error={errors.credited_on ? phrase(errors.credited_on) : undefined}
          />
          <TextInput
            label={phrase('Credit note number')}
            description={phrase('As the supplier wrote it')}
            required
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference ? phrase(errors.reference) : undefined}
          />
          <TextInput
            label={phrase('Reason')}
            required
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason ? phrase(errors.reason) : undefined}
          />
        </SimpleGrid>
        {lines.length === 0 && <Text c="dimmed">{phrase('Nothing on this purchase is left to credit.')}</Text>}
        {lines.map((line) => (
          <MoneyInput
            key={line.id}
            label={`${lineName(line)} · ${line.sku}`}
            description={phrase('At most {{value}} ({{n}} units kept at {{cost}}, less earlier credits)', {
              value: money(left.get(line.id) ?? 0),
              n: line.received_quantity - line.returned_quantity,
              cost: money(line.landed_unit_cost),
            })}
            min={0}
            value={amounts[line.id] ?? null}
            onChange={(value) => setAmounts((current) => ({ ...current, [line.id]: value }))}
            error={fieldOf(line.id) ? phrase(fieldOf(line.id) as string) : undefined}
          />
        ))}
        {errors.lines && (
          <Text c="red" fz="sm" role="alert">
            {phrase(errors.lines)}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={working}>
            {phrase('Record credit note')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {phrase('Cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The purchase's credit notes: what each took off, how much lowered the stock's cost and how much was for units sold. */
export function CreditNoteList({ purchase }: { purchase: PurchaseDetail }) {
  const phrase = usePhrase();
  const money = useMoney();
  const byId = new Map(purchase.lines.map((line) => [line.id, line]));
  if (purchase.credit_notes.length === 0) return null;
  return (
    <Card withBorder>
      <Title order={2} fz="h4" mb="sm">
        {phrase('Credit notes')}
      </Title>
      <TableScroll minWidth={720}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('Date')}</Table.Th>
              <Table.Th>{phrase('Credit note number')}</Table.Th>
              <Table.Th>{phrase('Reason')}</Table.Th>
              <Table.Th ta="right">{phrase('Amount')}</Table.Th>
              <Table.Th ta="right">{phrase('Off stock value')}</Table.Th>
              <Table.Th ta="right">{phrase('For units sold')}</Table.Th>
              <Table.Th>{phrase('By')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchase.credit_notes.map((note) => (
              <Table.Tr key={note.id} data-testid={`credit-note-${note.id}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{note.credited_on}</Table.Td>
                <Table.Td>{note.reference}</Table.Td>
                <Table.Td>
                  {note.reason}
                  {note.lines.map((line) => {
                    const bought = byId.get(line.line_id);
                    return (
                      <Text key={line.line_id} fz="xs" c="dimmed">
                        {bought ? lineName(bought) : ''}:{' '}
                        {phrase('{{amount}}; cost {{before}} → {{after}} for {{n}} in stock', {
                          amount: money(line.amount),
                          before: money(line.average_cost_before),
                          after: money(line.average_cost_after),
                          n: line.units_on_hand,
                        })}
                      </Text>
                    );
                  })}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {money(note.amount)}
                </Table.Td>
                <Table.Td ta="right">{money(note.stock_value_amount)}</Table.Td>
                <Table.Td ta="right">{money(note.sold_amount)}</Table.Td>
                <Table.Td>{note.by ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}
