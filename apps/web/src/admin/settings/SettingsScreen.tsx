import { SETTING_GROUP_CONTRACTS, type SettingGroupKey, settingPage } from '@haat/contracts';
import { Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../../ui/colors';
import { useCan } from '../useAdmin';
import { EmailPanels } from './EmailPanels';
import { MarketingPanels } from './MarketingPanels';
import { SettingsForm } from './SettingsForm';
import { SmsPanels } from './SmsGatewayPanel';

/** What a group's screen shows under its form. */
const EXTRAS: Partial<Record<SettingGroupKey, ComponentType>> = { sms: SmsPanels, email: EmailPanels, marketing: MarketingPanels };

/** One screen for every settings group: its title, its declared fields, and any extra panel. */
export function SettingsScreen({ group }: { group: SettingGroupKey }) {
  const phrase = usePhrase();
  const contract = SETTING_GROUP_CONTRACTS[group];
  const page = settingPage(group);
  const can = useCan();
  const Extra = EXTRAS[group];
  if (!page || !can(page.view)) {
    return (
      <Stack maw={880}>
        <Title order={1}>{phrase(contract.title)}</Title>
        <Text>{phrase('You do not have the “{{permission}}” permission needed to see these settings.', { permission: page?.view })}</Text>
      </Stack>
    );
  }
  return (
    <Stack maw={880}>
      <div>
        <Title order={1}>{phrase(contract.title)}</Title>
        <Text c={AA_COLORS.muted}>{phrase(contract.description)}</Text>
      </div>
      <SettingsForm group={group} canEdit={can(page.update)} />
      {Extra && <Extra />}
    </Stack>
  );
}
