import { RESELLER_STATUS_LABELS, type ResellerStatus } from '@haat/contracts';
import { Badge, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { toast } from '../../ui/toast/toast';
import { useCan } from '../useAdmin';

const COLOR: Record<ResellerStatus, string> = { active: 'green', pending: 'yellow', suspended: 'red' };

/** The reseller's status with the one change that makes sense next: approve, or suspend. */
export function ResellerStatusCell({ id, name, status }: { id: number; name: string; status: ResellerStatus }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const phrase = usePhrase();
  const action = status === 'active' ? 'suspend' : 'approve';
  const change = async () => {
    if (action === 'suspend' && !window.confirm(phrase('Suspend this reseller? They are signed out and cannot sign in or place orders.')))
      return;
    setBusy(true);
    try {
      await post('/api/admin/resellers/bulk', { action, ids: [id] });
      toast.success(action === 'approve' ? phrase('Reseller approved') : phrase('Reseller suspended'));
      await queryClient.invalidateQueries();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={COLOR[status]} variant="light" miw="max-content">
        {phrase(RESELLER_STATUS_LABELS[status])}
      </Badge>
      {can('reseller.update') && (
        <Button
          size="compact-xs"
          variant="subtle"
          color={action === 'suspend' ? 'red' : 'green'}
          loading={busy}
          aria-label={action === 'approve' ? phrase('Approve {{name}}', { name }) : phrase('Suspend {{name}}', { name })}
          onClick={() => void change()}
        >
          {action === 'approve' ? phrase('Approve') : phrase('Suspend')}
        </Button>
      )}
    </Stack>
  );
}
