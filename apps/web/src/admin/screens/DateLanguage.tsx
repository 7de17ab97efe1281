import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { chooseDateLocale, chosenDateLocale, DATE_LOCALES, formatDateTime } from '../../lib/dates';

const names = new Intl.DisplayNames(['en'], { type: 'language' });
const label = (code: string) => {
  try {
    return `${names.of(code.replace(/-.*$/, '')) ?? code} (${code})`;
  } catch {
    return code;
  }
};

/** Dates can show in any of dayjs's languages, apart from the interface language (seed §1). */
export function DateLanguage() {
  const [value, setValue] = useState<string | null>(chosenDateLocale());
  const [sample, setSample] = useState(() => formatDateTime(new Date()));
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          Dates
        </Title>
        <Select
          label="Language of dates"
          description="Leave empty to follow the interface language."
          searchable
          clearable
          data={DATE_LOCALES.map((code) => ({ value: code, label: label(code) }))}
          value={value}
          onChange={async (code) => {
            setValue(code);
            await chooseDateLocale(code);
            setSample(formatDateTime(new Date()));
          }}
        />
        <Text fz="sm" c="dimmed" aria-live="polite">
          Now: {sample}
        </Text>
      </Stack>
    </Card>
  );
}
