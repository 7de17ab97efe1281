import { type PhoneRisk, RISK_BADGE_LABELS, type RiskBadge as RiskBadgeKind } from '@haat/contracts';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { type PhraseValues, usePhrase } from '../../lib/phrases';

const BADGE_COLORS: Record<RiskBadgeKind, string> = { new: 'blue', good: 'green', risky: 'orange', blocked: 'red' };

export const riskKeys = {
  all: ['phone-risk'] as const,
  phones: (phones: string[]) => ['phone-risk', 'phones', phones] as const,
  history: (phone: string) => ['phone-risk', 'history', phone] as const,
  courier: (phone: string) => ['phone-risk', 'courier', phone] as const,
};

/** Why the badge says what it says, in the reader's language. */
export function riskReason(risk: PhoneRisk, phrase: (text: string, values?: PhraseValues) => string): string {
  const finished = risk.delivered + risk.returned + risk.cancelled;
  if (risk.blocked) return phrase('On the blocklist: {{reason}}', { reason: risk.blocked.reason });
  if (risk.badge === 'risky')
    return phrase('{{ratio}}% delivered of {{finished}} finished orders.', { ratio: risk.success_ratio, finished });
  if (risk.badge === 'new') return risk.orders === 0 ? phrase('No earlier order.') : phrase('No delivered order yet.');
  return phrase('{{delivered}} delivered of {{finished}} finished orders.', { delivered: risk.delivered, finished });
}

/** A phone's badge (new, good, risky, blocked) with the rule's reason on hover and for screen readers. */
export function RiskBadge({ risk, size = 'sm' }: { risk: PhoneRisk; size?: 'xs' | 'sm' | 'md' }) {
  const phrase = usePhrase();
  const label = phrase(RISK_BADGE_LABELS[risk.badge]);
  const ratio = risk.success_ratio === null ? '' : ` · ${risk.success_ratio}%`;
  const reason = riskReason(risk, phrase);
  return (
    <Tooltip label={reason} withArrow multiline maw={280}>
      <Badge color={BADGE_COLORS[risk.badge]} variant={risk.badge === 'good' ? 'light' : 'filled'} size={size} data-testid="risk-badge">
        {label}
        {ratio}
        <VisuallyHidden>: {reason}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

/** The badges of a list's page: one request for all its phones (never one per row). */
export function usePhoneRisks(phones: string[]): Map<string, PhoneRisk> {
  const unique = [...new Set(phones)].sort();
  const { data } = useQuery({
    queryKey: riskKeys.phones(unique),
    enabled: unique.length > 0,
    staleTime: 60_000,
    queryFn: () =>
      get<{ data: Record<string, PhoneRisk> }>(`/api/admin/risk/phones?phones=${encodeURIComponent(unique.join(','))}`).then(
        (answer) => answer.data,
      ),
  });
  return new Map(Object.entries(data ?? {}));
}

/** A list cell's badge for one phone of the page (nothing while the page's badges load). */
export function PhoneRiskCell({ risks, phone }: { risks: Map<string, PhoneRisk>; phone: string }) {
  const risk = risks.get(phone);
  return risk ? <RiskBadge risk={risk} size="xs" /> : null;
}
