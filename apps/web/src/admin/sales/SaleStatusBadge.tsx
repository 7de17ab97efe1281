import { COMPANY_SALE_ROW_STATUS_LABELS, type CompanySaleView } from '@haat/contracts';
import { Badge } from '@mantine/core';
import { usePhrase } from '../../lib/phrases';

/** A company sale's status as a coloured badge (decision 039). */
export function SaleStatusBadge({ status }: { status: CompanySaleView['status'] }) {
  const phrase = usePhrase();
  const color = status === 'paid' ? 'green' : status === 'credited' ? 'blue' : status === 'part_paid' ? 'yellow' : 'red';
  return (
    <Badge color={color} variant="light" miw="max-content">
      {phrase(COMPANY_SALE_ROW_STATUS_LABELS[status])}
    </Badge>
  );
}
