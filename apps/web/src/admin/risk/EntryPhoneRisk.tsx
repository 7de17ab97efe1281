import { Alert, Group, Text } from '@mantine/core';
import { usePhrase } from '../../lib/phrases';
import { RiskBadge, riskReason, usePhoneRisks } from './PhoneRiskBadge';

/**
 * The phone order form's risk line (decision 055): once a whole number is typed, its badge and why;
 * a blocked phone is warned about (staff may still take the order: the caps guard public checkouts).
 */
export function EntryPhoneRisk({ phone }: { phone: string }) {
  const phrase = usePhrase();
  const typed = phone.replace(/[\s-]/g, '').replace(/^\+?88/, '');
  const risks = usePhoneRisks(/^01\d{9}$/.test(typed) ? [typed] : []);
  const risk = risks.get(typed);
  if (!risk) return null;
  if (risk.blocked) {
    return (
      <Alert color="red" mt={6} p="xs" data-testid="entry-phone-risk">
        <Group gap="xs">
          <RiskBadge risk={risk} size="xs" />
          <Text fz="sm">
            {phrase('This phone is on the blocklist ({{reason}}). Confirm the order with care.', { reason: risk.blocked.reason })}
          </Text>
        </Group>
      </Alert>
    );
  }
  return (
    <Group gap="xs" mt={6} data-testid="entry-phone-risk">
      <RiskBadge risk={risk} size="xs" />
      <Text fz="xs" c="dimmed">
        {phrase('{{orders}} orders before', { orders: risk.orders })} · {riskReason(risk, phrase)}
      </Text>
    </Group>
  );
}
