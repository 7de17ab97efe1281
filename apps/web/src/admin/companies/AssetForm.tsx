import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { ResourceForm } from '../../ui/resource/ResourceForm';
import asset from '../resources/companies/asset';
import type { ResourceFormScreenProps } from '../resources/types';
import { useCan } from '../useAdmin';
import { MoneyEventForm } from './MoneyEventForm';

/**
 * `/admin/company/assets/add` and `/edit/{id}`: the declared form, and on an asset's edit screen
 * "Sell or write off": sold for an amount into a balance, or written off with no amount (decision 052).
 */
export default function AssetForm({ entry, mode }: ResourceFormScreenProps) {
  const phrase = usePhrase();
  const can = useCan();
  const client = useQueryClient();
  const id = useParams().id;
  return (
    <Stack>
      <ResourceForm entry={entry} resource={asset} mode={mode} />
      {mode === 'edit' && id && can('asset.update') && (
        <MoneyEventForm
          title={phrase('Sell or write off')}
          api={`/api/admin/assets/${id}/dispose`}
          balanceLabel={phrase('Into balance')}
          submit={phrase('Dispose of the asset')}
          amountOptional
          onDone={() => client.invalidateQueries()}
        />
      )}
    </Stack>
  );
}
