import { resellerColorInput } from '@haat/contracts';
import { Alert, Box, Button, Card, ColorInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { contrastRatio } from '../../storefront/store-theme';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries, type ResellerColors } from './api';
import { Loaded, PageHeading, useMoney, useText } from './kit';

/** `/dropshipper/color/setting`: the colours of the reseller's storefront, with a preview. */
export default function ColorSetting() {
  const { t } = useText();
  const colors = useQuery(accountQueries.colors());
  return (
    <Stack maw={860}>
      <PageHeading title={t('colorTitle', 'Colour setting')} />
      <Loaded query={colors}>{(data) => <ColorForm colors={data} />}</Loaded>
    </Stack>
  );
}

function ColorForm({ colors }: { colors: ResellerColors }) {
  const { t } = useText();
  const form = useZodForm(resellerColorInput, colors);
  const money = useMoney();
  const accent = String(form.values.secondary_color);
  const accentReads = /^#[0-9a-f]{6}$/i.test(accent) && contrastRatio(accent, '#ffffff') >= 4.5;
  const save = form.onSubmit(async (_parsed, values) => {
    const answer = await put<{ data: ResellerColors; message: string }>('/api/reseller/colors', values);
    queryClient.setQueryData(accountQueries.colors().queryKey, answer.data);
    toast.success(answer.message);
  });
  const colour = (name: keyof ResellerColors, label: string) => (
    <ColorInput
      label={label}
      format="hex"
      required
      value={String(form.values[name] ?? '')}
      onChange={(value) => form.setValue(name, value)}
      error={form.errors[name]}
      swatches={['#161745', '#1c7ed6', '#2f9e44', '#e8590c', '#c2255c', '#7048e8', '#f59f00', '#212529', '#ffffff']}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder>
        <form onSubmit={save} noValidate>
          <Stack>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            {colour('primary_color', t('primaryColor', 'Main colour (header, buttons)'))}
            {colour('secondary_color', t('secondaryColor', 'Accent colour (prices, badges)'))}
            {colour('header_text_color', t('headerTextColor', 'Header text colour'))}
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {t('save', 'Save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder p={0} aria-label={t('preview', 'Preview')}>
        <Box p="md" style={{ background: String(form.values.primary_color), color: String(form.values.header_text_color) }}>
          <Text fw={800}>{t('previewShop', 'My shop')}</Text>
        </Box>
        <Stack p="md" gap="xs">
          <Text fw={600}>{t('previewProduct', 'Cotton kurti')}</Text>
          {/* The shop writes prices in the accent only where it reads on white (AA), as ShopLayout does. */}
          <Text fw={800} style={{ color: accentReads ? accent : '#1f2330' }}>
            {money(125000)}
          </Text>
          {!accentReads && (
            <Text fz="sm" c="dimmed">
              {t(
                'accentHardToRead',
                'This accent is hard to read as text on white, so prices show in dark text; badges and buttons keep it.',
              )}
            </Text>
          )}
          <Box
            component="span"
            px="md"
            py={6}
            style={{
              background: String(form.values.primary_color),
              color: String(form.values.header_text_color),
              borderRadius: 6,
              alignSelf: 'flex-start',
            }}
          >
            {t('previewButton', 'Add to cart')}
          </Box>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
