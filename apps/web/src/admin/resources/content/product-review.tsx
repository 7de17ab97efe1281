import { PRODUCT_REVIEW_STATUS_LABELS, PRODUCT_REVIEW_STATUSES, type ProductReviewStatus, productReviewDescriptor } from '@haat/contracts';
import { Badge, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/api';
import { phrase, usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { toast } from '../../../ui/toast/toast';
import { useCan } from '../../useAdmin';
import { defineResource } from '../types';
import { dateColumn, ratingField, Stars } from './fields';

const API = '/api/admin/product-reviews';
const _EDIT = '/admin/display/user/review/of/products/edit/:id';
const statuses = PRODUCT_REVIEW_STATUSES.map((value) => ({ value, label: PRODUCT_REVIEW_STATUS_LABELS[value] }));
const STATUS_COLOURS: Record<ProductReviewStatus, string> = { pending: 'orange.9', approved: 'green.8', hidden: 'gray.7' };
const product = { api: '/api/admin/products', query: 'sort=name' };

/** Approve or hide one review from its row. */
function Moderate({ row }: { row: Record<string, unknown> }) {
  const phrase = usePhrase();
  const can = useCan();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (action: 'approve' | 'hide') => post<{ message: string }>(`${API}/bulk`, { action, ids: [row.id] }),
    onSuccess: (_, action) => {
      toast.success(action === 'approve' ? phrase('The review is on the product page.') : phrase('The review is hidden.'));
      void queryClient.invalidateQueries({ queryKey: ['resource', API] });
    },
    onError: (failure) => toast.error(failure.message),
  });
  if (!can('review.moderate')) return null;
  const status = row.status as ProductReviewStatus;
  return (
    <Group gap={6} wrap="nowrap">
      {status !== 'approved' && (
        <Button size="compact-xs" color="green.8" loading={change.isPending} onClick={() => change.mutate('approve')}>
          {phrase('Approve')}
        </Button>
      )}
      {status !== 'hidden' && (
        <Button size="compact-xs" color="gray.7" loading={change.isPending} onClick={() => change.mutate('hide')}>
          {phrase('Hide')}
        </Button>
      )}
    </Group>
  );
}

/** Shoppers' reviews of products, waiting to be approved, hidden or answered. */
export default defineResource(productReviewDescriptor, {
  list: {
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'customer_name', label: 'Customer', link: true },
      { key: 'rating', label: 'Rating', sort: 'rating', render: (row) => <Stars value={row.rating} /> },
      {
        key: 'text',
        label: 'Review',
        render: (row) => (
          <>
            <Text fz="sm">{String(row.text)}</Text>
            {row.answer ? (
              <Text fz="xs" c={AA_COLORS.muted}>
                {phrase('Answer: {{answer}}', { answer: String(row.answer) })}
              </Text>
            ) : null}
          </>
        ),
      },
      dateColumn('created_at', 'Written', 'created_at'),
      {
        key: 'status',
        label: 'Status',
        render: (row) => (
          <Badge variant="filled" tt="none" style={{ minWidth: 'max-content' }} color={STATUS_COLOURS[row.status as ProductReviewStatus]}>
            {phrase(PRODUCT_REVIEW_STATUS_LABELS[row.status as ProductReviewStatus])}
          </Badge>
        ),
      },
      { own: true, key: 'moderate', label: 'Moderate', render: (row) => <Moderate row={row} /> },
    ],
    filters: [
      { name: 'status', label: 'Status', options: statuses },
      {
        name: 'rating',
        label: 'Rating',
        options: [5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: value === 1 ? '1 star' : `${value} stars` })),
      },
      { name: 'product_id', label: 'Product', reference: product },
    ],
    defaultSort: '-created_at',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Customer, product or words',
    empty: 'No reviews yet. Shoppers’ reviews wait here until you approve them.',
  },
  form: {
    fields: [
      { name: 'product_id', label: 'Product', kind: 'reference', reference: product, required: true },
      { name: 'customer_name', label: 'Customer name', kind: 'text', required: true, half: true },
      ratingField,
      { name: 'text', label: 'Review', kind: 'textarea', required: true },
      { name: 'status', label: 'Status', kind: 'select', options: statuses, required: true, half: true, initial: 'pending' },
      { name: 'answer', label: 'Shop’s answer', kind: 'textarea', description: 'Shown under the review on the product page' },
    ],
  },
});
