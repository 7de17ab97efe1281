import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseDateLocale, chosenDateLocale, DATE_LOCALES, formatDateTime } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';

/** A date language's name in the interface's language ("Bengali (bn)", "বাংলা (bn)"). */
function languageNamer(language: string) {
  const names = new Intl.DisplayNames([language === 'bn' ? 'bn' : 'en'], { type: 'language' });
  return (code: string) => {
    try {
      return `${names.of(code.replace(/-.*$/, '')) ?? code} (${code})`;
    } catch {
      return code;
    }
  };
}

/** Dates can show in any of dayjs's languages, apart from the interface language (seed §1). */
export function DateLanguage() {
  const phrase = usePhrase();
  const { i18n } = useTranslation();
  const label = useMemo(() => languageNamer(i18n.language), [i18n.language]);
  const [value, setValue] = useState<string | null>(chosenDateLocale());
  const [sample, setSample] = useState(() => formatDateTime(new Date()));
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {phrase('Dates')}
        </Title>
        <Select
          label={phrase('Language of dates')}
          description={phrase('Leave empty to follow the interface language.')}
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
          {phrase('Now: {{time}}', { time: sample })}
        </Text>
      </Stack>
    </Card>
  );
}
