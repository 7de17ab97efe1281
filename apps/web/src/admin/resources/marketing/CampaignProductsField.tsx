import { Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { MoneyInput } from '../../../ui/resource/fields';
import { Money } from '../products/shared';
import type { FieldProps } from '../types';
import { productLabel, useProductOptions } from './shared';

/** One product of a campaign as the form keeps it: the contract's row and what the screen shows of it. */
interface CampaignRow {
  product_id: number;
  campaign_price: number | null;
  name?: string;
  sku?: string;
  retail_price?: number;
  wholesale_price?: number;
  status?: number;
}

/** A campaign price offered by default: 10% off, in whole taka, never below the wholesale price. */
function suggestedPrice(retail: number, wholesale: number): number {
  return Math.max(wholesale, Math.floor((retail * 0.9) / 100) * 100);
}

/**
 * The products of a campaign, each with its campaign price. The price must lie between the
 * product's wholesale and retail price; the form says so before the server does.
 */
export function CampaignProductsField({ field, value, error, errors = {}, onChange }: FieldProps) {
  const phrase = usePhrase();
  const number = useNumber();
  const rows = (Array.isArray(value) ? value : []) as CampaignRow[];
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const { products, byId, loading } = useProductOptions(
    search,
    rows.map((row) => row.product_id),
  );
  const available = products.filter((product) => !rows.some((row) => row.product_id === product.id));

  const add = () => {
    const product = picked ? byId.get(Number(picked)) : undefined;
    if (!product) return;
    onChange([
      ...rows,
      {
        product_id: product.id,
        campaign_price: suggestedPrice(product.retail_price, product.wholesale_price),
        name: product.name,
        sku: product.sku,
        retail_price: product.retail_price,
        wholesale_price: product.wholesale_price,
        status: product.status,
      },
    ]);
    setPicked(null);
    setSearch('');
  };
  const update = (index: number, change: Partial<CampaignRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <Stack gap="sm">
      <Text component="span" fz="sm" fw={500}>
        {phrase(field.label)}
      </Text>
      {field.description && (
        <Text fz="xs" c={AA_COLORS.muted}>
          {phrase(field.description)}
        </Text>
      )}
      {rows.length === 0 ? (
        <Paper withBorder p="md" c={AA_COLORS.muted} fz="sm" ta="center" style={{ borderStyle: 'dashed' }}>
          {phrase('No products yet. Add the products this campaign sells, each at its campaign price.')}
        </Paper>
      ) : (
        <Stack gap="xs" data-testid="campaign-products">
          {rows.map((row, index) => {
            const known = byId.get(row.product_id);
            const name = row.name ?? known?.name ?? phrase('Product {{id}}', { id: row.product_id });
            const retail = row.retail_price ?? known?.retail_price;
            const wholesale = row.wholesale_price ?? known?.wholesale_price;
            const price = row.campaign_price;
            const saving = retail && price !== null && price <= retail ? Math.floor(((retail - price) * 100) / retail) : null;
            const outside =
              price !== null && retail !== undefined && wholesale !== undefined
                ? price > retail
                  ? phrase('Above the retail price')
                  : price < wholesale
                    ? phrase('Below the wholesale price')
                    : null
                : null;
            return (
              <Paper key={row.product_id} withBorder p="xs" data-product-id={row.product_id}>
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <div>
                    <Text fz="sm" fw={600}>
                      {number(index + 1)}. {name}
                      {(row.status ?? known?.status) === 0 && (
                        <Text component="span" fz="xs" c={AA_COLORS.warning}>
                          {` ${phrase('(draft: not shown in the shop)')}`}
                        </Text>
                      )}
                    </Text>
                    <Group gap="xs">
                      {retail !== undefined && (
                        <Text fz="xs" c={AA_COLORS.muted}>
                          {phrase('Retail')} <Money paisa={retail} fz="xs" />
                        </Text>
                      )}
                      {wholesale !== undefined && (
                        <Text fz="xs" c={AA_COLORS.muted}>
                          {phrase('Wholesale')} <Money paisa={wholesale} fz="xs" />
                        </Text>
                      )}
                      {saving !== null && !outside && (
                        <Text fz="xs" c={AA_COLORS.success}>
                          {phrase('{{percent}}% off', { percent: number(saving) })}
                        </Text>
                      )}
                    </Group>
                    {errors[`${index}.product_id`] && (
                      <Text fz="xs" c="red.9" role="alert">
                        {errors[`${index}.product_id`]}
                      </Text>
                    )}
                  </div>
                  <Group gap="xs" align="flex-start">
                    <MoneyInput
                      label={phrase('Campaign price')}
                      aria-label={phrase('Campaign price of {{name}}', { name })}
                      w={170}
                      value={price}
                      error={errors[`${index}.campaign_price`] ?? outside ?? undefined}
                      onChange={(paisa) => update(index, { campaign_price: paisa })}
                    />
                    <Button
                      variant="subtle"
                      color="red.9"
                      c={AA_COLORS.danger}
                      mt={24}
                      onClick={() => onChange(rows.filter((_, at) => at !== index))}
                    >
                      {phrase('Remove')}
                      <VisuallyHidden> {name}</VisuallyHidden>
                    </Button>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {error && (
        <Text fz="xs" c="red.9" role="alert">
          {error}
        </Text>
      )}
      <Fieldset legend={phrase('Add a product')} variant="filled" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          <Select
            label={phrase('Product')}
            placeholder={phrase('Search by name or SKU')}
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={loading ? phrase('Searching…') : phrase('No product found')}
            data={available.map((product) => ({ value: String(product.id), label: productLabel(product) }))}
            value={picked}
            onChange={setPicked}
          />
          <Button variant="light" onClick={add} disabled={!picked}>
            {phrase('Add to campaign')}
          </Button>
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
