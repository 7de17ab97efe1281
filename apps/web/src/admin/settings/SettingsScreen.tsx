import { SETTING_GROUP_CONTRACTS, type SettingGroupKey, settingPage } from '@haat/contracts';
import { Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { useCan } from '../useAdmin';
import { EmailPanels } from './EmailPanels';
import { SettingsForm } from './SettingsForm';
import { SmsTestPanel } from './SmsTestPanel';

/** What a group's screen shows under its form. */
const EXTRAS: Partial<Record<SettingGroupKey, ComponentType>> = { sms: SmsTestPanel, email: EmailPanels };

/** One screen for every settings group: its title, its declared fields, and any extra panel. */
export function SettingsScreen({ group }: { group: SettingGroupKey }) {
  const contract = SETTING_GROUP_CONTRACTS[group];
  const page = settingPage(group);
  const can = useCan();
  const Extra = EXTRAS[group];
  if (!page || !can(page.view)) {
    return (
      <Stack maw={880}>
        <Title order={1}>{contract.title}</Title>
        <Text>You do not have the “{page?.view}” permission needed to see these settings.</Text>
      </Stack>
    );
  }
  return (
    <Stack maw={880}>
      <div>
        <Title order={1}>{contract.title}</Title>
        <Text c="dimmed">{contract.description}</Text>
      </div>
      <SettingsForm group={group} canEdit={can(page.update)} />
      {Extra && <Extra />}
    </Stack>
  );
}
