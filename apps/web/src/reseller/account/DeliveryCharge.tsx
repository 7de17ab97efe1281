import { resellerDeliveryChargeInput } from '@haat/contracts';
import { Alert, Button, Card, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, del, get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries, type ResellerDeliveryCharge } from './api';
import { Loaded, PageHeading, useMoney, useText } from './kit';

interface Editing {
  id: number | null;
  city_id: string;
  sub_city_id: string;
  charge: number | null;
}

/**
 * `/dropshipper/delivery/charge`: what the reseller's storefront charges for delivery: one charge
 * for everywhere, and others for a city or an area; the most specific applies.
 */
export default function DeliveryCharge() {
  const { t } = useText();
  const money = useMoney();
  const charges = useQuery(accountQueries.deliveryCharges());
  const [editing, setEditing] = useState<Editing | null>(null);

  const remove = async (row: ResellerDeliveryCharge) => {
    if (!window.confirm(t('confirmDeleteCharge', 'Delete this delivery charge?'))) return;
    try {
      const answer = await del<{ message: string }>(`/api/reseller/delivery-charges/${row.id}`);
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: accountQueries.deliveryCharges().queryKey });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Stack maw={860}>
      <PageHeading title={t('deliveryChargeTitle', 'Delivery charge')}>
        <Button onClick={() => setEditing({ id: null, city_id: '', sub_city_id: '', charge: null })}>
          {t('addDeliveryCharge', 'Add delivery charge')}
        </Button>
      </PageHeading>
      <Text c="dimmed" fz="sm">
        {t(
          'deliveryChargeIntro',
          'What your storefront charges your customers for delivery. Leave the city empty for the charge everywhere else.',
        )}
      </Text>
      <Loaded query={charges}>
        {(rows) => (
          <Card withBorder>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('city', 'City')}</Table.Th>
                  <Table.Th>{t('subCity', 'Sub city / area')}</Table.Th>
                  <Table.Th ta="right">{t('charge', 'Charge')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('noDeliveryCharges', 'No delivery charges yet: your storefront uses the shop’s.')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.city_name ?? t('everywhere', 'Everywhere else')}</Table.Td>
                    <Table.Td>{row.sub_city_name ?? (row.city_id ? t('wholeCity', 'The whole city') : '—')}</Table.Td>
                    <Table.Td ta="right">{money(row.charge)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() =>
                            setEditing({
                              id: row.id,
                              city_id: row.city_id ? String(row.city_id) : '',
                              sub_city_id: row.sub_city_id ? String(row.sub_city_id) : '',
                              charge: row.charge,
                            })
                          }
                        >
                          {t('edit', 'Edit')}
                        </Button>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(row)}>
                          {t('delete', 'Delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </Loaded>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t('editDeliveryCharge', 'Edit delivery charge') : t('addDeliveryCharge', 'Add delivery charge')}
      >
        {editing && <ChargeForm initial={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function ChargeForm({ initial, onDone }: { initial: Editing; onDone: () => void }) {
  const { t } = useText();
  const { id, ...start } = initial;
  const form = useZodForm<typeof resellerDeliveryChargeInput, Omit<Editing, 'id'>>(resellerDeliveryChargeInput, start);
  const { values, errors } = form;
  const cities = useQuery({
    queryKey: ['public', 'cities'],
    queryFn: async () => (await get<{ cities: { id: number; name: string }[] }>('/_public/cities')).cities,
    staleTime: 10 * 60_000,
  });
  const subCities = useQuery({
    queryKey: ['public', 'sub-cities', values.city_id],
    queryFn: async () =>
      (await get<{ sub_cities: { id: number; name: string }[] }>(`/_public/cities/${values.city_id}/sub-cities`)).sub_cities,
    enabled: Boolean(values.city_id),
    staleTime: 10 * 60_000,
  });
  const submit = form.onSubmit(async (_parsed, values) => {
    const body = { city_id: values.city_id, sub_city_id: values.sub_city_id, charge: values.charge ?? '' };
    const answer = id
      ? await put<{ message: string }>(`/api/reseller/delivery-charges/${id}`, body)
      : await post<{ message: string }>('/api/reseller/delivery-charges', body);
    toast.success(answer.message);
    await queryClient.invalidateQueries({ queryKey: accountQueries.deliveryCharges().queryKey });
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <Select
          label={t('city', 'City')}
          placeholder={t('everywhere', 'Everywhere else')}
          searchable
          clearable
          data={(cities.data ?? []).map((city) => ({ value: String(city.id), label: city.name }))}
          value={values.city_id || null}
          onChange={(value) => form.setValues({ city_id: value ?? '', sub_city_id: '' })}
          error={errors.city_id}
          comboboxProps={{ withinPortal: false }}
        />
        <Select
          label={t('subCity', 'Sub city / area')}
          placeholder={t('wholeCity', 'The whole city')}
          searchable
          clearable
          disabled={!values.city_id}
          data={(subCities.data ?? []).map((area) => ({ value: String(area.id), label: area.name }))}
          value={values.sub_city_id || null}
          onChange={(value) => form.setValue('sub_city_id', value ?? '')}
          error={errors.sub_city_id}
          comboboxProps={{ withinPortal: false }}
        />
        <MoneyInput
          label={t('charge', 'Charge')}
          required
          value={values.charge}
          onChange={(charge) => form.setValue('charge', charge)}
          error={errors.charge}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel', 'Cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('save', 'Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
