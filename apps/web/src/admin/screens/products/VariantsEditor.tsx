import type { Paginator } from '@haat/contracts';
import { Button, Fieldset, Group, MultiSelect, NumberInput, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { get } from '../../../lib/api';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { MoneyInput } from '../../../ui/resource/fields';
import { Money, StockCell } from '../../resources/products/shared';
import { followProductSku, type OptionValue, rowsForOptions, type VariantRow } from './variant-rows';

interface AttributeRow {
  id: number;
  name: string;
  values: string[];
}

interface ValueRow {
  id: number;
  attribute_id: number;
  attribute_name?: string;
  value: string;
}

/** The options chosen for a product: per attribute, its values, in the order they were chosen. */
export interface ChosenOption {
  attributeId: number;
  valueIds: number[];
}

/** What an existing variant tells about its options. */
export interface VariantValue {
  id: number;
  attribute_id: number;
  attribute: string;
  value: string;
}

/** The options an existing product's variants use, for the choosers to start from. */
export function optionsOf(variants: { values?: VariantValue[] }[]): ChosenOption[] {
  const chosen = new Map<number, number[]>();
  for (const variant of variants) {
    for (const value of variant.values ?? []) {
      const ids = chosen.get(value.attribute_id) ?? [];
      if (!ids.includes(value.id)) ids.push(value.id);
      chosen.set(value.attribute_id, ids);
    }
  }
  return [...chosen].map(([attributeId, valueIds]) => ({ attributeId, valueIds }));
}

/**
 * A product's variants: choose the attributes it varies by and their values; every combination
 * becomes a row with its SKU (suggested from the product's), an optional price of its own and
 * opening stock (new rows) or its stock (existing ones, changed only through "Adjust stock").
 */
export function VariantsEditor({
  rows,
  onChange,
  productSku,
  knownValues,
  initialOptions,
  error,
  errors,
  onAdjust,
  stockOf,
}: {
  rows: VariantRow[];
  onChange: (rows: VariantRow[]) => void;
  productSku: string;
  /** Values the existing variants use, so their names are known before the lists load. */
  knownValues: VariantValue[];
  initialOptions: ChosenOption[];
  error?: string;
  /** Errors of single rows (`0.sku`). */
  errors: Record<string, string>;
  /** Opens the stock adjustment of an existing variant; absent when the admin may not adjust. */
  onAdjust?: (row: VariantRow) => void;
  /** The latest stock of existing variants (it changes through adjustments while the form is open). */
  stockOf?: (variantId: number) => number | undefined;
}) {
  const phrase = usePhrase();
  const number = useNumber();
  const [chosen, setChosen] = useState<ChosenOption[]>(initialOptions);
  const attributes = useQuery({
    queryKey: ['reference', '/api/admin/attributes', 'all'],
    queryFn: () => get<Paginator<AttributeRow>>('/api/admin/attributes?per_page=100&sort=sort_order'),
    staleTime: 60_000,
  });
  const valueLists = useQueries({
    queries: chosen.map((option) => ({
      queryKey: ['reference', '/api/admin/variants', 'attribute', option.attributeId],
      queryFn: () =>
        get<Paginator<ValueRow>>(`/api/admin/variants?per_page=100&sort=sort_order&filter[attribute_id]=${option.attributeId}`),
      staleTime: 60_000,
    })),
  });

  const valueById = useMemo(() => {
    const map = new Map<number, OptionValue>();
    for (const value of knownValues) map.set(value.id, { id: value.id, attributeId: value.attribute_id, value: value.value });
    for (const list of valueLists) {
      for (const value of list.data?.data ?? []) map.set(value.id, { id: value.id, attributeId: value.attribute_id, value: value.value });
    }
    return map;
  }, [knownValues, valueLists]);
  // SKUs nobody typed follow the product's SKU.
  const previousSku = useRef(productSku);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the product's SKU moves them
  useEffect(() => {
    if (previousSku.current === productSku) return;
    previousSku.current = productSku;
    onChange(followProductSku(rows, productSku, valueById));
  }, [productSku]);

  const attributeName = (id: number) => attributes.data?.data.find((attribute) => attribute.id === id)?.name ?? phrase('Option');

  const choose = (next: ChosenOption[]) => {
    setChosen(next);
    onChange(
      rowsForOptions(
        next.map((option) => option.valueIds),
        rows,
        valueById,
        productSku,
      ),
    );
  };
  const updateRow = (index: number, change: Partial<VariantRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <Stack gap="md">
      <MultiSelect
        label={phrase('Options')}
        description={phrase('What the product comes in, like Size and Colour. Leave empty for a product without options.')}
        placeholder={chosen.length ? undefined : phrase('No options')}
        data={(attributes.data?.data ?? []).map((attribute) => ({ value: String(attribute.id), label: attribute.name }))}
        value={chosen.map((option) => String(option.attributeId))}
        onChange={(ids) =>
          choose(
            ids
              .map(Number)
              .map((attributeId) => chosen.find((option) => option.attributeId === attributeId) ?? { attributeId, valueIds: [] }),
          )
        }
        searchable
        nothingFoundMessage={attributes.isPending ? phrase('Loading…') : phrase('No attribute: add one under Catalogue › Attributes')}
      />
      {chosen.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {chosen.map((option, index) => (
            <MultiSelect
              key={option.attributeId}
              label={phrase('{{attribute}} values', { attribute: attributeName(option.attributeId) })}
              placeholder={option.valueIds.length ? undefined : phrase('Choose values')}
              data={(valueLists[index]?.data?.data ?? []).map((value) => ({ value: String(value.id), label: value.value }))}
              value={option.valueIds.map(String)}
              onChange={(ids) => choose(chosen.map((each) => (each === option ? { ...each, valueIds: ids.map(Number) } : each)))}
              searchable
              nothingFoundMessage={
                valueLists[index]?.isPending ? phrase('Loading…') : phrase('No value: add some under Catalogue › Variants')
              }
            />
          ))}
        </SimpleGrid>
      )}
      <Text fz="sm" c="dimmed" role="status">
        {rows.length === 1 && rows[0]?.attribute_value_ids.length === 0
          ? phrase('One variant: the product itself.')
          : rows.length === 1
            ? phrase('1 variant.')
            : phrase('{{n}} variants.', { n: number(rows.length) })}{' '}
        {phrase("A variant without a price of its own sells at the product's retail price.")}
      </Text>
      {error && (
        <Text fz="sm" c="red.9" role="alert">
          {phrase(error)}
        </Text>
      )}
      <Stack gap="sm" data-testid="variant-rows">
        {rows.map((row, index) => {
          const name = row.label || phrase('The product');
          const rowError = (field: string) => errors[`${index}.${field}`];
          const other = Object.entries(errors)
            .filter(
              ([key]) =>
                key.startsWith(`${index}.`) && !['sku', 'price_override', 'opening_stock', 'barcode'].includes(key.split('.')[1] ?? ''),
            )
            .map(([, message]) => message);
          const removable = rows.length > 1 && (!row.id || row.removable !== false);
          return (
            <Fieldset key={row.id ?? row.attribute_value_ids.join(',')} legend={name} variant="filled" data-variant={name} p="sm">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={phrase('SKU')}
                  required
                  value={row.sku}
                  error={rowError('sku')}
                  onChange={(event) => updateRow(index, { sku: event.currentTarget.value, skuEdited: true })}
                  aria-label={phrase('SKU of {{name}}', { name })}
                  w={{ base: '100%', xs: 200 }}
                />
                <TextInput
                  label={phrase('Barcode')}
                  placeholder={phrase('Type or scan')}
                  value={row.barcode ?? ''}
                  error={rowError('barcode')}
                  onChange={(event) => updateRow(index, { barcode: event.currentTarget.value })}
                  // A scanner ends with Enter: it must not save the whole form.
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.preventDefault();
                  }}
                  autoComplete="off"
                  inputMode="text"
                  aria-label={phrase('Barcode of {{name}}', { name })}
                  w={{ base: '100%', xs: 170 }}
                />
                <MoneyInput
                  label={phrase('Price')}
                  placeholder={phrase("Product's price")}
                  clampBehavior="none"
                  w={{ base: '100%', xs: 160 }}
                  value={row.price_override}
                  error={rowError('price_override')}
                  onChange={(paisa) => updateRow(index, { price_override: paisa })}
                  aria-label={phrase('Price of {{name}}', { name })}
                />
                <Stack
                  gap={4}
                  miw={100}
                  pb={8}
                  title={row.average_cost == null ? phrase('Set when the first purchase is received') : undefined}
                >
                  <Text component="span" fz="sm" fw={500}>
                    {phrase('Average cost')}
                  </Text>
                  <Money paisa={row.average_cost} fz="md" />
                </Stack>
                {row.id ? (
                  <Stack gap={4} miw={100} pb={8}>
                    <Text component="span" fz="sm" fw={500}>
                      {phrase('In stock')}
                    </Text>
                    <StockCell stock={stockOf?.(row.id) ?? row.stock ?? 0} />
                  </Stack>
                ) : (
                  <NumberInput
                    label={phrase('Opening stock')}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    value={row.opening_stock}
                    error={rowError('opening_stock')}
                    onChange={(value) => updateRow(index, { opening_stock: value === '' ? 0 : Number(value) })}
                    aria-label={phrase('Opening stock of {{name}}', { name })}
                    w={{ base: '100%', xs: 130 }}
                  />
                )}
                <Group gap="xs" align="flex-end">
                  {row.id && onAdjust && (
                    <Button variant="light" size="sm" onClick={() => onAdjust(row)}>
                      {phrase('Adjust stock')}
                      <VisuallyHidden> {phrase('of {{name}}', { name })}</VisuallyHidden>
                    </Button>
                  )}
                  {rows.length > 1 && (
                    <Button
                      variant="subtle"
                      color="red"
                      size="sm"
                      disabled={!removable}
                      title={removable ? undefined : phrase('It has stock history or is in a combo')}
                      onClick={() => onChange(rows.filter((_, at) => at !== index))}
                    >
                      {phrase('Remove')}
                      <VisuallyHidden> {name}</VisuallyHidden>
                    </Button>
                  )}
                </Group>
              </Group>
              {other.map((message) => (
                <Text key={message} fz="xs" c="red.9" role="alert" mt={4}>
                  {phrase(message)}
                </Text>
              ))}
            </Fieldset>
          );
        })}
      </Stack>
    </Stack>
  );
}
