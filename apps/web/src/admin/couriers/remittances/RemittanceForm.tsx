import type { RemittanceDetail } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, post } from '../../../lib/api';
import { usePhrase } from '../../../lib/phrases';
import { MoneyInput } from '../../../ui/resource/fields';
import { toast } from '../../../ui/toast/toast';
import { useMoney } from '../../purchasing/PurchaseForm';
import { emptyHead, headBody, RemittanceHeadFields } from './shared';

interface Line {
  key: number;
  order: string;
  collected: number | null;
  delivery_fee: number | null;
  cod_charge: number | null;
}

let nextKey = 1;
const emptyLine = (): Line => ({ key: nextKey++, order: '', collected: null, delivery_fee: null, cod_charge: null });

/**
 * `/admin/courier/remittance/add`: a courier's payment typed by hand — the courier, the date, its
 * reference, each order it paid for with what it collected and withheld, and what arrived.
 */
export default function RemittanceForm() {
  const phrase = usePhrase();
  const money = useMoney();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [head, setHead] = useState(emptyHead);
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [netReceived, setNetReceived] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const sum = (pick: (line: Line) => number | null) => lines.reduce((total, line) => total + (pick(line) ?? 0), 0);
  const net = sum((line) => line.collected) - sum((line) => line.delivery_fee) - sum((line) => line.cod_charge);
  const setLine = (key: number, change: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const error = (field: string) => (errors[field] ? phrase(errors[field]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setWorking(true);
    setErrors({});
    setMessage(null);
    try {
      const answer = await post<{ message: string; data: RemittanceDetail }>('/api/admin/courier/remittances', {
        ...headBody(head),
        lines: lines.map((line) => ({
          order: line.order,
          collected: line.collected ?? 0,
          delivery_fee: line.delivery_fee ?? 0,
          cod_charge: line.cod_charge ?? 0,
        })),
        ...(netReceived === null ? {} : { net_received: netReceived }),
      });
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

  return (
    <Stack component="form" onSubmit={submit} aria-label={phrase('Add remittance')}>
      <Title order={1} fz="h3">
        {phrase('Add remittance')}
      </Title>
      <Text c="dimmed" fz="sm">
        {phrase(
          'What a courier paid over for delivered cash-on-delivery orders. Each order whose collected amount is what it was to collect becomes paid; another amount waits for a person.',
        )}
      </Text>
      {message && (
        <Alert color="red" role="alert">
          {phrase(message)}
        </Alert>
      )}
      <Card withBorder>
        <RemittanceHeadFields head={head} onChange={setHead} errors={errors} />
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {phrase('Orders paid for')}
          </Title>
          {lines.map((line, index) => (
            <SimpleGrid key={line.key} cols={{ base: 1, sm: 5 }} verticalSpacing="xs">
              <TextInput
                label={phrase('Order number')}
                description={index === 0 ? phrase('Or its id or consignment id') : undefined}
                required
                value={line.order}
                onChange={(event) => setLine(line.key, { order: event.currentTarget.value })}
                error={error(`lines.${index}.order`)}
              />
              <MoneyInput
                label={phrase('Amount collected')}
                min={0}
                value={line.collected}
                onChange={(value) => setLine(line.key, { collected: value })}
                error={error(`lines.${index}.collected`)}
              />
              <MoneyInput
                label={phrase('Delivery fee withheld')}
                min={0}
                value={line.delivery_fee}
                onChange={(value) => setLine(line.key, { delivery_fee: value })}
                error={error(`lines.${index}.delivery_fee`)}
              />
              <MoneyInput
                label={phrase('COD charge withheld')}
                min={0}
                value={line.cod_charge}
                onChange={(value) => setLine(line.key, { cod_charge: value })}
                error={error(`lines.${index}.cod_charge`)}
              />
              <Group align="end">
                <Button
                  variant="subtle"
                  color="red"
                  disabled={lines.length === 1}
                  onClick={() => setLines((current) => current.filter((each) => each.key !== line.key))}
                  aria-label={phrase('Remove order {{n}}', { n: index + 1 })}
                >
                  {phrase('Remove')}
                </Button>
              </Group>
            </SimpleGrid>
          ))}
          {errors.lines && (
            <Text c="red" fz="sm" role="alert">
              {phrase(errors.lines)}
            </Text>
          )}
          <Group>
            <Button variant="light" onClick={() => setLines((current) => [...current, emptyLine()])}>
              {phrase('Add an order')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyInput
            label={phrase('Net received')}
            description={phrase('Collected less fees: {{value}} when left empty', { value: money(net) })}
            min={0}
            value={netReceived}
            onChange={setNetReceived}
            error={error('net_received')}
          />
          <Textarea
            label={phrase('Note')}
            autosize
            value={head.note}
            onChange={(event) => setHead({ ...head, note: event.currentTarget.value })}
            error={error('note')}
          />
        </SimpleGrid>
      </Card>
      <Group>
        <Button type="submit" loading={working}>
          {phrase('Record remittance')}
        </Button>
      </Group>
    </Stack>
  );
}
