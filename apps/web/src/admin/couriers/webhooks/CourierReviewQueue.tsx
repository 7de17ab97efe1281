import { type CourierStatusReview, type Paginator, REVIEW_REASON_LABELS, type ReviewState } from '@haat/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { get, post } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { usePhrase } from '../../../lib/phrases';
import { Pagination } from '../../../ui/resource/Pagination';
import { TableScroll } from '../../../ui/TableScroll';
import { toast } from '../../../ui/toast/toast';
import { useOrderWords } from '../../orders/order-ui';
import { useMoney } from '../../purchasing/PurchaseForm';

const statusWords = (status: string) => status.replace(/_/g, ' ');

/**
 * `/admin/courier/review`: courier statuses a person must decide (decision 058): partial deliveries,
 * statuses nobody mapped, collected amounts that differ from the due. Apply moves the order to
 * delivered or returned; dismiss leaves it as it is.
 */
export default function CourierReviewQueue() {
  const phrase = usePhrase();
  const money = useMoney();
  const [state, setState] = useState<ReviewState>('open');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['admin', 'courier', 'reviews', state, page],
    queryFn: () => get<Paginator<CourierStatusReview>>(`/api/admin/courier/reviews?state=${state}&page=${page}`),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz="h3">
          {phrase('Courier statuses to review')}
        </Title>
        <Button component={Link} to="/admin/courier/webhooks" variant="light">
          {phrase('Webhook deliveries and status mapping')}
        </Button>
      </Group>
      <Text c="dimmed" fz="sm">
        {phrase(
          'A partial delivery, a status no mapping knows, or a collected amount that is not the order’s due waits here. Apply moves the order; dismiss leaves it shipped.',
        )}
      </Text>
      <SegmentedControl
        aria-label={phrase('Reviews to show')}
        value={state}
        onChange={(value) => {
          setState(value as ReviewState);
          setPage(1);
        }}
        data={[
          { value: 'open', label: phrase('Waiting') },
          { value: 'applied', label: phrase('Applied') },
          { value: 'dismissed', label: phrase('Dismissed') },
        ]}
        w="fit-content"
      />
      {list.error && (
        <Alert color="red" role="alert">
          {phrase(list.error.message)}
        </Alert>
      )}
      {list.isPending ? (
        <Skeleton h={200} />
      ) : list.data?.data.length === 0 ? (
        <Card withBorder>
          <Text c="dimmed">{state === 'open' ? phrase('Nothing waits for a person.') : phrase('None yet.')}</Text>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <TableScroll minWidth={900}>
            <Table verticalSpacing="sm" aria-label={phrase('Courier statuses to review')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Order')}</Table.Th>
                  <Table.Th>{phrase('Courier says')}</Table.Th>
                  <Table.Th>{phrase('Why')}</Table.Th>
                  <Table.Th ta="right">{phrase('To collect')}</Table.Th>
                  <Table.Th ta="right">{phrase('Collected')}</Table.Th>
                  <Table.Th>{phrase('Received')}</Table.Th>
                  <Table.Th>{state === 'open' ? phrase('Decide') : phrase('Decision')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data?.data.map((review) => (
                  <ReviewRow key={review.id} review={review} money={money} />
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Card>
      )}
      {list.data && <Pagination total={list.data.total} perPage={list.data.per_page} page={page} onChange={setPage} />}
    </Stack>
  );
}

function ReviewRow({ review, money }: { review: CourierStatusReview; money: (paisa: number) => string }) {
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (action: { kind: 'apply'; to: 5 | 6 } | { kind: 'dismiss' }) =>
      action.kind === 'apply'
        ? post<{ message: string }>(`/api/admin/courier/reviews/${review.id}/apply`, { to: action.to, note })
        : post<{ message: string }>(`/api/admin/courier/reviews/${review.id}/dismiss`, { note }),
    onSuccess: async (answer) => {
      toast.success(phrase(answer.message));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'courier', 'reviews'] });
    },
    onError: (error) => toast.error(phrase(error.message)),
  });
  const { status: statusName } = useOrderWords();
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/admin/view/order/${review.order_id}`}>
          {review.order_number}
        </Anchor>
        <Text fz="xs" c="dimmed">
          {review.customer_name} · {statusName(review.order_status)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {review.provider === 'steadfast' ? 'Steadfast' : 'Pathao'}
        </Badge>{' '}
        {statusWords(review.courier_status)}
      </Table.Td>
      <Table.Td>
        <Text fz="sm" fw={600} c={review.reason === 'cod_mismatch' ? 'orange.9' : 'yellow.9'}>
          {phrase(REVIEW_REASON_LABELS[review.reason])}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{money(review.due)}</Table.Td>
      <Table.Td ta="right">{review.collected === null ? '—' : money(review.collected)}</Table.Td>
      <Table.Td>{formatDateTime(review.created_at)}</Table.Td>
      <Table.Td>
        {review.state === 'open' ? (
          <Stack gap={6}>
            <TextInput
              size="xs"
              label={phrase('Note')}
              value={note}
              maxLength={300}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <Group gap={6}>
              <Button size="xs" color="green.8" loading={decide.isPending} onClick={() => decide.mutate({ kind: 'apply', to: 5 })}>
                {phrase('Delivered')}
              </Button>
              <Button size="xs" color="red.8" loading={decide.isPending} onClick={() => decide.mutate({ kind: 'apply', to: 6 })}>
                {phrase('Returned')}
              </Button>
              <Button size="xs" variant="default" loading={decide.isPending} onClick={() => decide.mutate({ kind: 'dismiss' })}>
                {phrase('Dismiss')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text fz="sm">
            {review.state === 'dismissed' ? phrase('Dismissed') : review.resolved_to === 5 ? phrase('Delivered') : phrase('Returned')}
            {review.note ? ` — ${review.note}` : ''}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
