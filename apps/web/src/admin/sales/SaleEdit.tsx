import { type CounterSaleDetail, counterSaleDescriptor } from '@haat/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, get, put } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
import { useOrderWords } from '../orders/order-ui';

/**
 * `/admin/sale/edit/{id}`: what a counter sale says about its customer. Its goods, prices and payments
 * are what was sold and paid; a change of goods is an exchange (`/admin/sale/exchange/add`).
 */
export default function SaleEdit() {
  const { phrase, money } = useOrderWords();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['sales', 'counter', id],
    queryFn: () => get<{ data: CounterSaleDetail }>(`/api/admin/sales/counter/${id}`).then((answer) => answer.data),
  });
  const [values, setValues] = useState({ customer_name: '', customer_phone: '', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setValues({ customer_name: data.customer_name, customer_phone: data.customer_phone, note: data.note });
  }, [data]);
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The sale was not found.')}
      </Alert>
    );
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const answer = await put<{ message: string }>(`/api/admin/sales/counter/${id}`, values);
      await queryClient.invalidateQueries({ queryKey: ['sales'] });
      await queryClient.invalidateQueries({ queryKey: ['resource', counterSaleDescriptor.path] });
      toast.success(phrase(answer.message));
      navigate(`/admin/sale/view/${id}`);
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fieldErrors());
      else throw failure;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {phrase('Edit counter sale {{number}}', { number: data.number })}
      </Title>
      <Text c="dimmed">{phrase('Total {{amount}}. The items and payments of a sale cannot change.', { amount: money(data.total) })}</Text>
      <Card withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack>
            <TextInput
              label={phrase('Customer name')}
              value={values.customer_name}
              onChange={(event) => setValues({ ...values, customer_name: event.currentTarget.value })}
              error={errors.customer_name && phrase(errors.customer_name)}
            />
            <TextInput
              label={phrase('Customer phone')}
              inputMode="tel"
              value={values.customer_phone}
              onChange={(event) => setValues({ ...values, customer_phone: event.currentTarget.value })}
              error={errors.customer_phone && phrase(errors.customer_phone)}
            />
            <Textarea
              label={phrase('Note')}
              value={values.note}
              onChange={(event) => setValues({ ...values, note: event.currentTarget.value })}
              error={errors.note && phrase(errors.note)}
            />
            <Group>
              <Button type="submit" loading={saving}>
                {phrase('Save')}
              </Button>
              <Button component={Link} to={`/admin/sale/view/${id}`} variant="light">
                {phrase('Cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
