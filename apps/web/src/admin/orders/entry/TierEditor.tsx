import { type WholesaleTiers, wholesaleTiersInput } from '@haat/contracts';
import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { get, put } from '../../../lib/api';
import { MoneyInput } from '../../../ui/resource/fields';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';
import { useOrderWords } from '../order-ui';
import { useEntryT } from './messages';

type Tier = { min_quantity: number | null; unit_price: number | null };

/**
 * A product's wholesale quantity breaks, from the wholesale order screen: read by anyone who takes
 * orders, changed by those who may change products (`product.update`).
 */
export function TierEditor({
  productId,
  name,
  canEdit,
  onClose,
  onSaved,
}: {
  productId: number;
  name: string;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useEntryT();
  const current = useQuery({
    queryKey: ['wholesale-tiers', productId],
    queryFn: () => get<{ data: WholesaleTiers }>(`/api/admin/products/${productId}/wholesale-tiers`),
  });
  return (
    <Modal opened onClose={onClose} title={t('breaksOf', { name })} size="lg">
      {current.error ? (
        <Alert color="red" role="alert">
          {current.error.message}
        </Alert>
      ) : !current.data ? (
        <Skeleton h={120} />
      ) : (
        <TierForm productId={productId} saved={current.data.data} canEdit={canEdit} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function TierForm({
  productId,
  saved,
  canEdit,
  onClose,
  onSaved,
}: {
  productId: number;
  saved: WholesaleTiers;
  canEdit: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useEntryT();
  const client = useQueryClient();
  const { money } = useOrderWords();
  const form = useZodForm<typeof wholesaleTiersInput, { tiers: Tier[] }>(wholesaleTiersInput, { tiers: saved.tiers });
  const tiers = form.values.tiers;

  const save = form.onSubmit(async (_parsed, values) => {
    await put(`/api/admin/products/${productId}/wholesale-tiers`, values);
    toast.success(t('breaksSaved'));
    await client.invalidateQueries({ queryKey: ['wholesale-tiers', productId] });
    await client.invalidateQueries({ queryKey: ['order-entry-variants'] });
    onSaved();
    onClose();
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('breaksHelp', { price: money(saved.wholesale_price) })}
        </Text>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        {form.errors.tiers && (
          <Text c="red.8" fz="sm" role="alert">
            {form.errors.tiers}
          </Text>
        )}
        {tiers.length > 0 && (
          <Table verticalSpacing="xs" aria-label={t('breaks')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fromQuantity')}</Table.Th>
                <Table.Th>{t('priceEach')}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tiers.map((tier, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id of their own
                <Table.Tr key={index}>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${t('fromQuantity')} ${index + 1}`}
                      min={2}
                      allowDecimal={false}
                      readOnly={!canEdit}
                      value={tier.min_quantity ?? ''}
                      error={form.errors[`tiers.${index}.min_quantity`]}
                      onChange={(value) => form.setValue(`tiers.${index}.min_quantity`, value === '' ? null : Number(value))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`${t('priceEach')} ${index + 1}`}
                      readOnly={!canEdit}
                      value={tier.unit_price}
                      error={form.errors[`tiers.${index}.unit_price`]}
                      onChange={(paisa) => form.setValue(`tiers.${index}.unit_price`, paisa)}
                    />
                  </Table.Td>
                  <Table.Td>
                    {canEdit && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('removeBreak')}
                        onClick={() =>
                          form.setValue(
                            'tiers',
                            tiers.filter((_, i) => i !== index),
                          )
                        }
                      >
                        ×
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {canEdit && (
          <Group justify="space-between">
            <Button variant="default" onClick={() => form.setValue('tiers', [...tiers, { min_quantity: null, unit_price: null }])}>
              {t('addBreak')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('saveBreaks')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
