import type { AssetView } from '@haat/contracts';
import { Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { ResourceForm } from '../../ui/resource/ResourceForm';
import { useMoney } from '../reports/report-kit';
import { StatementCards } from '../reports/StatementTable';
import asset from '../resources/companies/asset';
import type { ResourceFormScreenProps } from '../resources/types';
import { useCan } from '../useAdmin';
import { MoneyEventForm } from './MoneyEventForm';

/** An asset's depreciation so far and, while it is in use, "Sell or write off". */
function AssetBooks({ id }: { id: string }) {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const client = useQueryClient();
  const { data } = useQuery({
    queryKey: ['asset-books', id],
    queryFn: () => get<{ data: AssetView }>(`/api/admin/assets/${id}`).then((answer) => answer.data),
  });
  if (!data) return null;
  return (
    <Stack>
      <StatementCards
        cards={[
          { label: phrase('Each month'), value: money(data.monthly_depreciation) },
          {
            label: phrase('Depreciated so far'),
            value: money(data.accumulated_depreciation),
            note: data.depreciated_to ? phrase('Up to {{month}}', { month: data.depreciated_to }) : undefined,
          },
          { label: phrase('Worth now'), value: money(data.net_book_value), testId: 'asset-worth' },
        ]}
      />
      {data.status === 'disposed' ? (
        <Text>
          {phrase('Disposed of on {{date}} for {{amount}}.', { date: data.disposed_on ?? '', amount: money(data.disposal_amount ?? 0) })}
        </Text>
      ) : (
        can('asset.update') && (
          <MoneyEventForm
            title={phrase('Sell or write off')}
            api={`/api/admin/assets/${id}/dispose`}
            balanceLabel={phrase('Into balance')}
            submit={phrase('Dispose of the asset')}
            amountOptional
            onDone={() => client.invalidateQueries()}
          />
        )
      )}
    </Stack>
  );
}

/**
 * `/admin/company/assets/add` and `/edit/{id}`: the declared form, and on an asset's edit screen its
 * depreciation and "Sell or write off": sold for an amount into a balance, or written off (decision 052).
 */
export default function AssetForm({ entry, mode }: ResourceFormScreenProps) {
  const id = useParams().id;
  return (
    <Stack>
      <ResourceForm entry={entry} resource={asset} mode={mode} />
      {mode === 'edit' && id && <AssetBooks id={id} />}
    </Stack>
  );
}
