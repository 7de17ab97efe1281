import { type DashboardCard, type DashboardView, formatMoney } from '@haat/contracts';
import { Alert, Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { dateLocaleReady } from '../../lib/i18n';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { BarChart } from '../../ui/BarChart';
import { useAdmin, useCan } from '../useAdmin';

/** A part of "orders by status" links to its status's list: its word is the status's own. */
const STATUS_LINK = /^\/admin\/order\/process\/(\d+)$/;

/**
 * Figure cards and charts; each module contributes its own, each figure links to its list. Everyone
 * lands here after signing in: without dashboard.view the page only welcomes them (no data call),
 * and the API answers only the figures their permissions allow (no money for an order manager).
 */
export default function Dashboard() {
  const { t, i18n } = useTranslation();
  const phrase = usePhrase();
  const number = useNumber();
  const admin = useAdmin();
  const mayView = useCan()('dashboard.view');
  const site = useSiteInfo();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'dashboard', i18n.language],
    // The charts' dates need the language's month names.
    queryFn: async () => (await Promise.all([get<DashboardView>('/api/admin/dashboard'), dateLocaleReady()]))[0],
    enabled: mayView,
  });
  const money = (paisa: number) => formatMoney(paisa, site?.currency_symbol, i18n.language);
  const partLabel = (part: NonNullable<DashboardCard['breakdown']>[number]) => {
    const status = STATUS_LINK.exec(part.link)?.[1];
    return status ? t(`orders.status.${status}`) : phrase(part.label);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('admin.dashboard')}</Title>
        <Text c="dimmed">{phrase('Welcome back, {{name}}.', { name: admin.name })}</Text>
      </div>
      {!mayView && <Text>{phrase('Your role shows no figures on the dashboard. The menu lists what you can open.')}</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {mayView &&
          isPending &&
          Array.from({ length: 4 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} h={96} radius="md" />
          ))}
        {data?.cards.map((card) => {
          const value = card.format === 'money' ? money(card.value) : number(card.value);
          if (!card.breakdown) {
            return (
              <Card key={card.id} component={Link} to={card.link} withBorder padding="lg" data-card={card.id}>
                <Text fz="sm" c="dimmed">
                  {phrase(card.label)}
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
                {phrase(card.label)}
              </Anchor>
              <Text fz={30} fw={700} c="#161745">
                {value}
              </Text>
              <Group gap={6} mt={4}>
                {card.breakdown
                  .filter((part) => part.value > 0)
                  .map((part) => (
                    <Anchor key={part.label} component={Link} to={part.link} fz="xs">
                      {partLabel(part)} {card.format === 'money' ? money(part.value) : number(part.value)}
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
                {phrase(chart.label)}
              </Title>
              <Anchor component={Link} to={chart.link} fz="sm">
                {phrase('Open list')}
              </Anchor>
            </Group>
            {chart.series.map((series) => (
              <BarChart
                key={series.name}
                label={`${phrase(chart.label)} (${phrase(series.name)})`}
                points={series.points}
                format={chart.format === 'money' ? money : (value) => number(value)}
              />
            ))}
          </Card>
        ))}
      </SimpleGrid>
      {data && data.cards.length === 0 && data.charts.length === 0 && (
        <Text c="dimmed">{phrase('Your role shows no figures on the dashboard. The menu lists what you can open.')}</Text>
      )}
    </Stack>
  );
}
