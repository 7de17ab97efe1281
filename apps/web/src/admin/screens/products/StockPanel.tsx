import { type Paginator, STOCK_MOVEMENT_LABELS, stockAdjustmentInput } from '@haat/contracts';
import { Alert, Button, Group, Modal, NumberInput, Select, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { get, post } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { Pagination } from '../../../ui/resource/Pagination';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useZodForm } from '../../../ui/useZodForm';

interface Movement {
  id: number;
  variant_id: number;
  sku: string;
  variant: string;
  quantity: number;
  kind: keyof typeof STOCK_MOVEMENT_LABELS;
  reason: string;
  admin_name: string | null;
  stock_after: number;
  created_at: string;
}

export interface StockVariant {
  id: number;
  sku: string;
  label: string;
  stock: number;
}

const variantName = (variant: { sku: string; label: string }) => (variant.label ? `${variant.label} (${variant.sku})` : variant.sku);

/** The stock ledger of one product (PRODUCT.md §2): every change, newest first, with the stock after it. */
export function StockMovements({ productId }: { productId: number }) {
  const phrase = usePhrase();
  const number = useNumber();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useQuery({
    queryKey: ['product-stock', productId, page],
    queryFn: () => get<Paginator<Movement>>(`/api/admin/products/${productId}/stock?page=${page}&per_page=10`),
    placeholderData: keepPreviousData,
  });
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (isPending) return <Skeleton h={120} />;
  if (data.total === 0) return <Text c="dimmed">{phrase('No stock movement yet.')}</Text>;
  return (
    <Stack gap="sm">
      <TableScroll minWidth={760}>
        <Table striped verticalSpacing="xs" fz="sm" aria-label={phrase('Stock movements')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{phrase('When')}</Table.Th>
              <Table.Th>{phrase('Variant')}</Table.Th>
              <Table.Th>{phrase('Movement')}</Table.Th>
              <Table.Th ta="right">{phrase('Change')}</Table.Th>
              <Table.Th ta="right">{phrase('Stock after')}</Table.Th>
              <Table.Th>{phrase('Reason')}</Table.Th>
              <Table.Th>{phrase('By')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((movement) => (
              <Table.Tr key={movement.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(movement.created_at)}</Table.Td>
                <Table.Td>{variantName({ sku: movement.sku, label: movement.variant })}</Table.Td>
                <Table.Td>{phrase(STOCK_MOVEMENT_LABELS[movement.kind] ?? movement.kind)}</Table.Td>
                <Table.Td ta="right" c={movement.quantity < 0 ? 'red.9' : AA_COLORS.success} fw={600}>
                  {movement.quantity > 0 ? `+${number(movement.quantity)}` : number(movement.quantity)}
                </Table.Td>
                <Table.Td ta="right">{number(movement.stock_after)}</Table.Td>
                <Table.Td>{movement.reason || '—'}</Table.Td>
                <Table.Td>{movement.admin_name ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Pagination total={data.total} perPage={data.per_page} page={page} onChange={setPage} size="small" />
    </Stack>
  );
}

/** "Adjust stock": add or remove units of one variant with a reason; the change becomes a ledger row. */
export function AdjustStockDialog({
  productId,
  variants,
  variantId,
  onClose,
}: {
  productId: number;
  variants: StockVariant[];
  /** The variant to adjust; null closes the dialog. */
  variantId: number | null;
  onClose: () => void;
}) {
  const phrase = usePhrase();
  return (
    <Modal opened={variantId !== null} onClose={onClose} title={phrase('Adjust stock')} centered>
      {variantId !== null && <AdjustForm productId={productId} variants={variants} variantId={variantId} onClose={onClose} />}
    </Modal>
  );
}

function AdjustForm({
  productId,
  variants,
  variantId,
  onClose,
}: {
  productId: number;
  variants: StockVariant[];
  variantId: number;
  onClose: () => void;
}) {
  const phrase = usePhrase();
  const number = useNumber();
  const queryClient = useQueryClient();
  const form = useZodForm(stockAdjustmentInput, { variant_id: variantId, quantity: '' as unknown as number, reason: '' });
  const chosen = variants.find((variant) => variant.id === Number(form.values.variant_id));
  const quantity = Number(form.values.quantity);
  const after = chosen && Number.isInteger(quantity) ? chosen.stock + quantity : null;

  const submit = form.onSubmit(async (_, input) => {
    const answer = await post<{ stock: number; product_stock: number; message?: string }>(`/api/admin/products/${productId}/stock`, input);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['product-stock', productId] }),
      queryClient.invalidateQueries({ queryKey: ['resource', '/api/admin/products'] }),
    ]);
    toast.success(answer.message ?? phrase('Stock updated: {{n}} now in stock.', { n: number(answer.stock) }));
    onClose();
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
          label={phrase('Variant')}
          required
          allowDeselect={false}
          data={variants.map((variant) => ({
            value: String(variant.id),
            label: phrase('{{variant}} · {{n}} in stock', { variant: variantName(variant), n: number(variant.stock) }),
          }))}
          value={String(form.values.variant_id)}
          onChange={(value) => form.setValue('variant_id', Number(value))}
          error={form.errors.variant_id}
        />
        <NumberInput
          label={phrase('Change in quantity')}
          description={phrase('A positive number adds stock, a negative one removes it: 10 or -3.')}
          required
          allowDecimal={false}
          value={form.values.quantity as number | string}
          onChange={(value) => form.setValue('quantity', value === '' ? '' : Number(value))}
          error={form.errors.quantity}
          data-autofocus
        />
        <Textarea
          label={phrase('Reason')}
          description={phrase('Kept in the stock ledger: a count, damage, a gift…')}
          required
          autosize
          minRows={2}
          {...form.field('reason')}
        />
        {chosen && (
          <Text fz="sm" role="status">
            {after !== null && quantity !== 0
              ? phrase('{{n}} in stock now; {{after}} after this change.', { n: number(chosen.stock), after: number(after) })
              : phrase('{{n}} in stock now.', { n: number(chosen.stock) })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {phrase('Cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {phrase('Save the change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
