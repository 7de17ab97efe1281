import { type DashboardView, formatMoney } from '@haat/contracts';
import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { useSiteInfo } from '../../lib/site';
import { BarChart } from '../../ui/BarChart';
import { useAdmin } from '../useAdmin';

/** Figure cards and charts; each module contributes its own, each figure links to its list. */
export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const admin = useAdmin();
  const site = useSiteInfo();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => get<DashboardView>('/api/admin/dashboard'),
  });
  const number = new Intl.NumberFormat(i18n.language === 'bn' ? 'bn-BD' : 'en-IN');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin.dashboard')}</Title>
        <Text c="dimmed">Welcome back, {admin.name}.</Text>
      </div>
      {error && (
        <Alert color={error instanceof ApiError && error.status === 403 ? 'yellow' : 'red'} role="alert">
          {error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {isPending &&
          Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} h={96} radius="md" />
          ))}
        {data?.cards.map((card) => {
          const value = card.format === 'money' ? formatMoney(card.value, site?.currency_symbol, i18n.language) : number.format(card.value);
          if (!card.breakdown) {
            return (
              <Card key={card.id} component={Link} to={card.link} withBorder padding="lg" data-card={card.id}>
                <Text fz="sm" c="dimmed">
                  {card.label}
                </Text>
                <Text fz={30} fw={700} c="#161745">
                  {value}
                </Text>
              </Card>
            );
          }
          // A figure with parts: the figure and each part link to their own lists (links cannot nest).
          return (
            <Card key={card.id} withBorder padding="lg" data-card={card.id}>
              <Anchor component={Link} to={card.link} fz="sm" c="dimmed">
                {card.label}
              </Anchor>
              <Text fz={30} fw={700} c="#161745">
                {value}
              </Text>
              <Group gap={6} mt={4}>
                {card.breakdown
                  .filter((part) => part.value > 0)
                  .map((part) => (
                    <Anchor key={part.label} component={Link} to={part.link} fz="xs">
                      {part.label} {number.format(part.value)}
                    </Anchor>
                  ))}
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {data?.charts.map((chart) => (
          <Card key={chart.id} withBorder padding="lg">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h4">
                {chart.label}
              </Title>
              <Anchor component={Link} to={chart.link} fz="sm">
                Open list
              </Anchor>
            </Group>
            {chart.series.map((series) => (
              <BarChart
                key={series.name}
                label={`${chart.label} (${series.name})`}
                points={series.points}
                format={chart.format === 'money' ? (paisa) => formatMoney(paisa, site?.currency_symbol, i18n.language) : undefined}
              />
            ))}
          </Card>
        ))}
      </SimpleGrid>
      {data && data.cards.length === 0 && data.charts.length === 0 && (
        <Text c="dimmed">Your role shows no figures on the dashboard. The menu lists what you can open.</Text>
      )}
    </Stack>
  );
}
