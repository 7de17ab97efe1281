import {
  FABRIC_UNIT_LABELS,
  type FabricPurchaseView,
  fabricPurchaseInput,
  fabricPurchaseTotal,
  formatMoney,
  SUPPLIER_PAYMENT_METHOD_LABELS,
  SUPPLIER_PAYMENT_METHODS,
  type SupplierPaymentMethod,
  toCentiUnits,
} from '@haat/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { get, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { choiceLabel, type FabricChoices, today } from './choices';

type Values = {
  supplier_id: number | null;
  fabric_id: number | null;
  purchased_on: string;
  reference: string;
  quantity: number | null;
  unit_price: number | null;
  paid: number | null;
  payment_method: SupplierPaymentMethod;
  note: string;
};

/**
 * `/admin/addPurchase/fabrics`: fabric bought from a fabric supplier — the fabric, how much (metres,
 * yards or pieces), the price per unit, the total, what is paid now and what stays due. Saving adds
 * the fabric to the fabric stock through its ledger.
 */
export default function FabricPurchaseForm() {
  const phrase = usePhrase();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const site = useSiteInfo();
  const money = (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language);
  const choices = useQuery({
    queryKey: ['fabric-choices', 'purchase'],
    queryFn: () => get<FabricChoices>('/api/admin/fabric-purchases/choices'),
  });
  const form = useZodForm<typeof fabricPurchaseInput, Values>(fabricPurchaseInput, {
    supplier_id: null,
    fabric_id: null,
    purchased_on: today(),
    reference: '',
    quantity: null,
    unit_price: null,
    paid: 0,
    payment_method: 'cash',
    note: '',
  });
  const { values } = form;
  const fabric = choices.data?.fabrics.find((each) => each.id === values.fabric_id);
  const unit = fabric ? phrase(FABRIC_UNIT_LABELS[fabric.unit]) : phrase('unit');
  const total = values.quantity && values.unit_price !== null ? fabricPurchaseTotal(toCentiUnits(values.quantity), values.unit_price) : 0;
  const due = Math.max(0, total - (values.paid ?? 0));

  const submit = form.onSubmit(async () => {
    const answer = await post<{ data: FabricPurchaseView; message: string }>('/api/admin/fabric-purchases', values);
    toast.success(phrase('Purchase {{number}} was saved and the fabric added to stock.', { number: answer.data.number }));
    await queryClient.invalidateQueries({ queryKey: ['fabric'] });
    navigate('/admin/purchase/manage/fabrics');
  });

  const noSuppliers = choices.data && choices.data.suppliers.length === 0;
  const noFabrics = choices.data && choices.data.fabrics.length === 0;

  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={1}>{phrase('Add fabric purchase')}</Title>
        <Button component={Link} to="/admin/purchase/manage/fabrics" variant="default">
          {phrase('Fabric purchases')}
        </Button>
      </Group>
      {choices.error && (
        <Alert color="red" role="alert">
          {choices.error.message}
        </Alert>
      )}
      {noSuppliers && (
        <Alert color="orange">
          {phrase('No active fabric supplier yet.')}{' '}
          <Anchor component={Link} to="/admin/fabrics/add/supplier/">
            {phrase('Add a fabric supplier')}
          </Anchor>
        </Alert>
      )}
      {noFabrics && (
        <Alert color="orange">
          {phrase('No fabric yet.')}{' '}
          <Anchor component={Link} to="/admin/fabrics/add">
            {phrase('Add a fabric')}
          </Anchor>
        </Alert>
      )}
      <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate ref={form.attach}>
        {choices.isPending ? (
          <Skeleton h={280} />
        ) : (
          <Stack>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={phrase('Fabric supplier')}
                  required
                  searchable
                  data={(choices.data?.suppliers ?? []).map((each) => ({ value: String(each.id), label: choiceLabel(each) }))}
                  value={values.supplier_id ? String(values.supplier_id) : null}
                  onChange={(next) => form.setValue('supplier_id', next ? Number(next) : null)}
                  error={form.errors.supplier_id}
                  name="supplier_id"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={phrase('Fabric')}
                  required
                  searchable
                  data={(choices.data?.fabrics ?? []).map((each) => ({
                    value: String(each.id),
                    label: `${choiceLabel(each)} (${phrase(FABRIC_UNIT_LABELS[each.unit])})`,
                  }))}
                  value={values.fabric_id ? String(values.fabric_id) : null}
                  onChange={(next) => form.setValue('fabric_id', next ? Number(next) : null)}
                  error={form.errors.fabric_id}
                  name="fabric_id"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={phrase('Date')} type="date" required {...form.field('purchased_on')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={phrase('Reference')}
                  description={phrase('The supplier’s invoice or challan number')}
                  {...form.field('reference')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <NumberInput
                  label={phrase('Quantity ({{unit}})', { unit })}
                  required
                  min={0}
                  decimalScale={fabric?.unit === 'piece' ? 0 : 2}
                  inputMode="decimal"
                  value={values.quantity ?? ''}
                  onChange={(next) => form.setValue('quantity', next === '' ? null : Number(next))}
                  error={form.errors.quantity}
                  name="quantity"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <MoneyInput
                  label={phrase('Price per {{unit}}', { unit })}
                  required
                  value={values.unit_price}
                  onChange={(next) => form.setValue('unit_price', next)}
                  error={form.errors.unit_price}
                  name="unit_price"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <MoneyInput
                  label={phrase('Paid now')}
                  value={values.paid}
                  onChange={(next) => form.setValue('paid', next ?? 0)}
                  error={form.errors.paid}
                  name="paid"
                />
              </Grid.Col>
              {(values.paid ?? 0) > 0 && (
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  <Select
                    label={phrase('Paid by')}
                    data={SUPPLIER_PAYMENT_METHODS.map((value) => ({ value, label: phrase(SUPPLIER_PAYMENT_METHOD_LABELS[value]) }))}
                    value={values.payment_method}
                    onChange={(next) => form.setValue('payment_method', (next ?? 'cash') as SupplierPaymentMethod)}
                    allowDeselect={false}
                    error={form.errors.payment_method}
                    name="payment_method"
                  />
                </Grid.Col>
              )}
            </Grid>
            <SimpleGrid cols={{ base: 1, xs: 3 }} aria-live="polite">
              <Card withBorder padding="sm">
                <Text fz="sm" c="dimmed">
                  {phrase('Total')}
                </Text>
                <Text fz="xl" fw={700}>
                  {money(total)}
                </Text>
              </Card>
              <Card withBorder padding="sm">
                <Text fz="sm" c="dimmed">
                  {phrase('Paid')}
                </Text>
                <Text fz="xl" fw={700}>
                  {money(values.paid ?? 0)}
                </Text>
              </Card>
              <Card withBorder padding="sm">
                <Text fz="sm" c="dimmed">
                  {phrase('Due')}
                </Text>
                <Text fz="xl" fw={700} c={due > 0 ? 'red.9' : undefined}>
                  {money(due)}
                </Text>
              </Card>
            </SimpleGrid>
            <Textarea label={phrase('Note')} autosize minRows={2} {...form.field('note')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {phrase('Save purchase')}
              </Button>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
