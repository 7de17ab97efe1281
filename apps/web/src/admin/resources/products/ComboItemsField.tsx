import type { Paginator } from '@haat/contracts';
import { Button, Fieldset, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get } from '../../../lib/api';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import type { FieldProps } from '../types';
import { Money, StockCell } from './shared';

/** One part of a combo as the form keeps it: the contract's item and what the screen shows of it. */
export interface ComboItem {
  variant_id: number;
  quantity: number;
  product_name?: string;
  variant?: string;
  sku?: string;
  stock?: number;
  price?: number;
}

interface ProductRow {
  id: number;
  name: string;
  sku: string;
}

interface ProductVariant {
  id: number;
  sku: string;
  label: string;
  stock: number;
  price: number;
}

const itemName = (item: ComboItem) => `${item.product_name ?? `Variant ${item.variant_id}`}${item.variant ? ` — ${item.variant}` : ''}`;

/** How many whole combos the parts in stock make. */
export function combosFromStock(items: ComboItem[]): number | null {
  if (items.length === 0 || items.some((item) => item.stock === undefined)) return null;
  return Math.min(...items.map((item) => Math.floor((item.stock ?? 0) / item.quantity)));
}

/** A combo's parts: find a product, choose its variant and a quantity; the stock the parts allow shows as you go. */
export function ComboItemsField({ field, value, error, errors = {}, onChange }: FieldProps) {
  const phrase = usePhrase();
  const number = useNumber();
  const items = (Array.isArray(value) ? value : []) as ComboItem[];
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [productId, setProductId] = useState<string | null>(null);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number>(1);

  const products = useQuery({
    queryKey: ['reference', '/api/admin/products', 'combo-search', debounced],
    queryFn: () =>
      get<Paginator<ProductRow>>(`/api/admin/products?per_page=20&sort=name${debounced ? `&q=${encodeURIComponent(debounced)}` : ''}`),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
  const product = useQuery({
    queryKey: ['resource', '/api/admin/products', 'one', productId],
    queryFn: () => get<{ data: ProductRow & { variants: ProductVariant[] } }>(`/api/admin/products/${productId}`),
    enabled: Boolean(productId),
  });
  const variants = product.data?.data.variants ?? [];
  const chosenVariant = variants.find((variant) => String(variant.id) === variantId) ?? (variants.length === 1 ? variants[0] : undefined);

  const add = () => {
    if (!chosenVariant || !product.data) return;
    const existing = items.find((item) => item.variant_id === chosenVariant.id);
    onChange(
      existing
        ? items.map((item) => (item === existing ? { ...item, quantity: item.quantity + quantity } : item))
        : [
            ...items,
            {
              variant_id: chosenVariant.id,
              quantity,
              product_name: product.data.data.name,
              variant: chosenVariant.label,
              sku: chosenVariant.sku,
              stock: chosenVariant.stock,
              price: chosenVariant.price,
            },
          ],
    );
    setProductId(null);
    setVariantId(null);
    setQuantity(1);
    setSearch('');
  };
  const update = (index: number, change: Partial<ComboItem>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)));

  const makes = combosFromStock(items);
  const partsPrice = items.every((item) => item.price !== undefined)
    ? items.reduce((sum, item) => sum + (item.price ?? 0) * item.quantity, 0)
    : null;

  return (
    <Stack gap="sm">
      <Text component="span" fz="sm" fw={500}>
        {phrase(field.label)}
        <Text component="span" c="red.9" aria-hidden>
          {' '}
          *
        </Text>
      </Text>
      {items.length === 0 ? (
        <Paper withBorder p="md" c="dimmed" fz="sm" ta="center" style={{ borderStyle: 'dashed' }}>
          {phrase('No items yet. A combo needs at least two.')}
        </Paper>
      ) : (
        <Stack gap="xs" data-testid="combo-items">
          {items.map((item, index) => (
            <Paper key={item.variant_id} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <div>
                  <Text fz="sm" fw={600}>
                    {itemName(item)}
                  </Text>
                  <Group gap="xs">
                    {item.sku && (
                      <Text fz="xs" c="dimmed">
                        {item.sku}
                      </Text>
                    )}
                    {item.price !== undefined && <Money paisa={item.price} fz="xs" c="dimmed" />}
                    {item.stock !== undefined && (
                      <Group gap={4} wrap="nowrap">
                        <Text fz="xs" c="dimmed">
                          {phrase('In stock')}
                        </Text>
                        <StockCell stock={item.stock} />
                      </Group>
                    )}
                  </Group>
                  {errors[`${index}.variant_id`] && (
                    <Text fz="xs" c="red.9" role="alert">
                      {phrase(errors[`${index}.variant_id`] as string)}
                    </Text>
                  )}
                </div>
                <Group gap="xs" align="flex-end">
                  <NumberInput
                    label={phrase('Quantity')}
                    aria-label={phrase('Quantity of {{name}}', { name: itemName(item) })}
                    min={1}
                    max={1000}
                    allowDecimal={false}
                    allowNegative={false}
                    w={110}
                    value={item.quantity}
                    error={errors[`${index}.quantity`]}
                    onChange={(next) => update(index, { quantity: next === '' ? 1 : Number(next) })}
                  />
                  <Button variant="subtle" color="red" onClick={() => onChange(items.filter((_, at) => at !== index))}>
                    {phrase('Remove')}
                    <VisuallyHidden> {itemName(item)}</VisuallyHidden>
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {error && (
        <Text fz="xs" c="red.9" role="alert">
          {phrase(error)}
        </Text>
      )}
      {items.length > 0 && (
        <Text fz="sm" role="status">
          {partsPrice !== null && (
            <>
              {phrase('The parts cost')} <Money paisa={partsPrice} fw={600} /> {phrase('at their prices.')}{' '}
            </>
          )}
          {makes !== null &&
            (makes === 1 ? phrase('The stock makes 1 combo now.') : phrase('The stock makes {{n}} combos now.', { n: number(makes) }))}
        </Text>
      )}

      <Fieldset legend={phrase('Add an item')} variant="filled" p="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ alignItems: 'end' }}>
          <Select
            label={phrase('Product')}
            placeholder={phrase('Search by name or SKU')}
            searchable
            clearable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            nothingFoundMessage={products.isFetching ? phrase('Searching…') : phrase('No product found')}
            data={(products.data?.data ?? []).map((row) => ({ value: String(row.id), label: `${row.name} (${row.sku})` }))}
            value={productId}
            onChange={(next) => {
              setProductId(next);
              setVariantId(null);
            }}
          />
          <Select
            label={phrase('Variant')}
            placeholder={
              productId ? (product.isPending ? phrase('Loading…') : phrase('Choose a variant')) : phrase('Choose a product first')
            }
            disabled={!productId || variants.length === 0}
            allowDeselect={false}
            data={variants.map((variant) => ({
              value: String(variant.id),
              label: phrase('{{variant}} · {{sku}} · {{n}} in stock', {
                variant: variant.label || phrase('Only variant'),
                sku: variant.sku,
                n: number(variant.stock),
              }),
            }))}
            value={chosenVariant ? String(chosenVariant.id) : variantId}
            onChange={setVariantId}
          />
          <NumberInput
            label={phrase('Quantity in the combo')}
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={(next) => setQuantity(next === '' ? 1 : Number(next))}
          />
          <Button variant="light" onClick={add} disabled={!chosenVariant}>
            {phrase('Add item')}
          </Button>
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
