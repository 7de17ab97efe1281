import { Alert, Button, Card, Group, Image, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { get, put } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { imageUrl } from '../../../lib/image';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { toast } from '../../../ui/toast/toast';
import { StateBadge } from '../../resources/marketing/shared';
import { useCan } from '../../useAdmin';

interface SliderCampaign {
  id: number;
  name: string;
  starts_at: string;
  ends_at: string;
  state: string;
  banner_thumbnail: string | null;
}

interface SliderView {
  in_slider: SliderCampaign[];
  others: SliderCampaign[];
}

const API = '/api/admin/campaigns/slider';

/** `/admin/campaign/slider`: which campaigns the home page's campaign slider shows, and in what order. */
export default function CampaignSlider() {
  const phrase = usePhrase();
  const query = useQuery({ queryKey: ['resource', '/api/admin/campaigns', 'slider'], queryFn: () => get<SliderView>(API) });
  return (
    <Stack maw={880}>
      <Group justify="space-between">
        <Title order={1}>{phrase('Campaign slider')}</Title>
        <Button component={Link} to="/admin/campaign/manage" variant="subtle">
          {phrase('Back to campaigns')}
        </Button>
      </Group>
      <Text c={AA_COLORS.muted}>
        {phrase(
          'The home page shows these campaigns in turn while they run. A campaign that has not started joins the slider when it starts.',
        )}
      </Text>
      {query.error && (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.isPending && <Skeleton h={280} radius="md" />}
      {query.data && <Editor initial={query.data} />}
    </Stack>
  );
}

function CampaignLine({ campaign, children }: { campaign: SliderCampaign; children: ReactNode }) {
  const phrase = usePhrase();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {campaign.banner_thumbnail ? (
          <Image src={imageUrl(campaign.banner_thumbnail)} alt="" w={96} h={32} fit="cover" radius="sm" />
        ) : (
          <Text fz="xs" c={AA_COLORS.muted} w={96}>
            {phrase('No banner')}
          </Text>
        )}
        <div>
          <Text fz="sm" fw={600}>
            {campaign.name}
          </Text>
          <Text fz="xs" c={AA_COLORS.muted}>
            {phrase('{{from}} to {{to}}', { from: formatDateTime(campaign.starts_at), to: formatDateTime(campaign.ends_at) })}
          </Text>
        </div>
        <StateBadge state={campaign.state} />
      </Group>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

function Editor({ initial }: { initial: SliderView }) {
  const phrase = usePhrase();
  const number = useNumber();
  const editable = useCan()('campaign.update');
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(initial.in_slider);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const all = [...initial.in_slider, ...initial.others];
  const others = all.filter((campaign) => !chosen.some((item) => item.id === campaign.id));

  const save = useMutation({
    mutationFn: () => put<SliderView & { message: string }>(API, { campaign_ids: chosen.map((campaign) => campaign.id) }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['resource', '/api/admin/campaigns'] });
    },
    onError: (failure) => toast.error(failure.message),
  });

  const move = (from: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= chosen.length) return;
    const next = [...chosen];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setChosen(next);
    setAnnouncement(
      phrase('{{name}} moved to position {{position}} of {{n}}.', { name: moved.name, position: number(to + 1), n: number(next.length) }),
    );
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not([disabled])`);
      (wanted ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
    });
  };

  return (
    <Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <Card withBorder padding="lg">
        <Title order={2} fz="h3" mb="sm">
          {phrase('In the slider, in this order')}
        </Title>
        {chosen.length === 0 ? (
          <Paper withBorder p="md" ta="center" c={AA_COLORS.muted} fz="sm" style={{ borderStyle: 'dashed' }}>
            {phrase('The slider is empty. Add campaigns from the list below.')}
          </Paper>
        ) : (
          <Stack
            component="ol"
            ref={list}
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={phrase('Campaigns in the slider')}
          >
            {chosen.map((campaign, index) => (
              <Paper component="li" key={campaign.id} withBorder p="xs">
                <CampaignLine campaign={campaign}>
                  {editable && (
                    <>
                      <Button
                        size="compact-xs"
                        variant="default"
                        data-move="up"
                        disabled={index === 0}
                        aria-label={phrase('Up: show {{name}} earlier', { name: campaign.name })}
                        onClick={() => move(index, index - 1, 'up')}
                      >
                        {phrase('Up')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        data-move="down"
                        disabled={index === chosen.length - 1}
                        aria-label={phrase('Down: show {{name}} later', { name: campaign.name })}
                        onClick={() => move(index, index + 1, 'down')}
                      >
                        {phrase('Down')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red.9"
                        c={AA_COLORS.danger}
                        aria-label={phrase('Take {{name}} out of the slider', { name: campaign.name })}
                        onClick={() => {
                          setChosen(chosen.filter((item) => item.id !== campaign.id));
                          setAnnouncement(phrase('{{name}} taken out of the slider.', { name: campaign.name }));
                        }}
                      >
                        {phrase('Take out')}
                      </Button>
                    </>
                  )}
                </CampaignLine>
              </Paper>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} fz="h3" mb="sm">
          {phrase('Other campaigns')}
        </Title>
        {others.length === 0 ? (
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('Every campaign that has not ended is in the slider.')}
          </Text>
        ) : (
          <Stack gap="xs">
            {others.map((campaign) => (
              <Paper key={campaign.id} withBorder p="xs">
                <CampaignLine campaign={campaign}>
                  {editable && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      aria-label={phrase('Add {{name}} to the slider', { name: campaign.name })}
                      onClick={() => {
                        setChosen([...chosen, campaign]);
                        setAnnouncement(
                          phrase('{{name}} added at position {{position}}.', { name: campaign.name, position: number(chosen.length + 1) }),
                        );
                      }}
                    >
                      {phrase('Add to slider')}
                    </Button>
                  )}
                </CampaignLine>
              </Paper>
            ))}
          </Stack>
        )}
      </Card>
      {editable && (
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {phrase('Save slider')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
