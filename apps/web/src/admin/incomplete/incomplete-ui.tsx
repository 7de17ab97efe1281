import { CALL_OUTCOME_LABELS, type CallOutcome, INCOMPLETE_STATUS_LABELS, type IncompleteStatus } from '@haat/contracts';
import { Badge, Text } from '@mantine/core';
import { usePhrase } from '../../lib/phrases';

/** An incomplete checkout's status as a coloured badge (decision 056). */
export function IncompleteStatusBadge({ status }: { status: IncompleteStatus }) {
  const phrase = usePhrase();
  const color = status === 'open' ? 'orange' : status === 'converted' ? 'green' : 'gray';
  return (
    <Badge color={color} variant="light" miw="max-content">
      {phrase(INCOMPLETE_STATUS_LABELS[status])}
    </Badge>
  );
}

/** The latest call's outcome and how many calls there were, or "Not called yet". */
export function OutcomeText({ outcome, calls }: { outcome: CallOutcome | null; calls: number }) {
  const phrase = usePhrase();
  if (!outcome)
    return (
      <Text size="sm" c="dimmed">
        {phrase('Not called yet')}
      </Text>
    );
  return (
    <Text size="sm">
      {phrase(CALL_OUTCOME_LABELS[outcome])}
      {calls > 1 && (
        <Text span size="xs" c="dimmed">
          {' '}
          {phrase('({{n}} calls)', { n: String(calls) })}
        </Text>
      )}
    </Text>
  );
}
