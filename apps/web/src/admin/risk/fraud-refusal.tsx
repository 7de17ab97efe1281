import {
  CHECKOUT_CHANNEL_LABELS,
  CHECKOUT_CHANNELS,
  fraudRefusalDescriptor,
  REFUSAL_REASON_LABELS,
  REFUSAL_REASONS,
} from '@haat/contracts';
import { Text } from '@mantine/core';
import { formatDateTime } from '../../lib/dates';
import { phrase } from '../../lib/phrases';
import { defineResource } from '../resources/types';

const reasons = REFUSAL_REASONS.map((reason) => ({ value: reason, label: REFUSAL_REASON_LABELS[reason] }));
const channels = CHECKOUT_CHANNELS.map((channel) => ({ value: channel, label: CHECKOUT_CHANNEL_LABELS[channel] }));

/** `/admin/fraud/log`: every checkout the fraud controls refused, with the words the shopper read (decision 055). */
export default defineResource(fraudRefusalDescriptor, {
  list: {
    columns: [
      { key: 'at', label: 'When', sort: 'at', render: (row) => formatDateTime(row.at) },
      {
        key: 'reason',
        label: 'Reason',
        render: (row) => (
          <Text fz="sm" fw={600} c={row.reason.startsWith('otp') ? 'blue.8' : row.reason.startsWith('blocked') ? 'red.8' : 'orange.9'}>
            {phrase(REFUSAL_REASON_LABELS[row.reason])}
          </Text>
        ),
      },
      { key: 'phone', label: 'Phone' },
      { key: 'ip', label: 'IP address', render: (row) => row.ip || '—' },
      { key: 'channel', label: 'Where', render: (row) => phrase(CHECKOUT_CHANNEL_LABELS[row.channel]) },
      { key: 'message', label: 'What the shopper read', render: (row) => phrase(row.message) },
    ],
    filters: [
      { name: 'reason', label: 'Reason', options: reasons },
      { name: 'channel', label: 'Where', options: channels },
    ],
    searchPlaceholder: 'Phone or IP address',
    empty: 'No checkout has been refused.',
  },
});
