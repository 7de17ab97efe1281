import { formatMoney, type WholesaleTiers } from '@haat/contracts';
import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, get, put } from '../../../lib/api';
import { useSiteInfo } from '../../../lib/site';
import { MoneyInput } from '../../../ui/resource/fields';
import { toast } from '../../../ui/toast/toast';
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
  const client = useQueryClient();
  const symbol = useSiteInfo()?.currency_symbol ?? '৳';
  const current = useQuery({
    queryKey: ['wholesale-tiers', productId],
    queryFn: () => get<{ data: WholesaleTiers }>(`/api/admin/products/${productId}/wholesale-tiers`),
  });
  const [tiers, setTiers] = useState<Tier[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (current.data && tiers === null) setTiers(current.data.data.tiers);
  }, [current.data, tiers]);

  const change = (index: number, patch: Partial<Tier>) =>
    setTiers((list) => (list ?? []).map((tier, i) => (i === index ? { ...tier, ...patch } : tier)));

  const save = async () => {
    setSaving(true);
    setFormError(null);
    try {
      await put(`/api/admin/products/${productId}/wholesale-tiers`, { tiers: tiers ?? [] });
      toast.success(t('breaksSaved'));
      await client.invalidateQueries({ queryKey: ['wholesale-tiers', productId] });
      await client.invalidateQueries({ queryKey: ['order-entry-variants'] });
      onSaved();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors(error.fieldErrors());
      if (Object.keys(error.errors).length === 0) setFormError(error.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('breaksOf', { name })} size="lg">
      {current.error ? (
        <Alert color="red" role="alert">
          {current.error.message}
        </Alert>
      ) : !current.data || tiers === null ? (
        <Skeleton h={120} />
      ) : (
        <Stack>
          <Text fz="sm" c="dimmed">
            {t('breaksHelp', { price: formatMoney(current.data.data.wholesale_price, symbol) })}
          </Text>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
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
                        error={errors[`tiers.${index}.min_quantity`]}
                        onChange={(value) => change(index, { min_quantity: value === '' ? null : Number(value) })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <MoneyInput
                        aria-label={`${t('priceEach')} ${index + 1}`}
                        readOnly={!canEdit}
                        value={tier.unit_price}
                        error={errors[`tiers.${index}.unit_price`]}
                        onChange={(paisa) => change(index, { unit_price: paisa })}
                      />
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('removeBreak')}
                          onClick={() => setTiers((list) => (list ?? []).filter((_, i) => i !== index))}
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
              <Button variant="default" onClick={() => setTiers((list) => [...(list ?? []), { min_quantity: null, unit_price: null }])}>
                {t('addBreak')}
              </Button>
              <Button onClick={() => void save()} loading={saving}>
                {t('saveBreaks')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
