import type { CampaignImage } from '@haat/contracts';
import {
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, get, post, put } from '../../../lib/api';
import { imageUrl } from '../../../lib/image';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { MoveButtons } from '../../../ui/MoveButtons';
import { toast } from '../../../ui/toast/toast';
import { useCan } from '../../useAdmin';

interface ImagesView {
  campaign: { id: number; name: string };
  banner: CampaignImage | null;
  gallery: CampaignImage[];
}

const MAX_GALLERY = 20;

async function upload(file: File, folder: 'banners' | 'content'): Promise<CampaignImage> {
  const body = new FormData();
  body.append('image', file);
  const stored = await post<{ path: string; thumbnail: string }>(`/api/admin/uploads?folder=${folder}`, body);
  return { path: stored.path, thumbnail: stored.thumbnail };
}

const problemOf = (file: File, failure: unknown) =>
  `${file.name}: ${failure instanceof ApiError ? (failure.fieldErrors().image ?? failure.message) : String(failure)}`;

/** `/admin/campaign/manage/image/{id}`: the campaign's banner and its gallery (upload, order, remove), saved together. */
export default function CampaignImages() {
  const phrase = usePhrase();
  const { id } = useParams();
  const query = useQuery({
    queryKey: ['resource', '/api/admin/campaigns', 'images', id],
    queryFn: () => get<ImagesView>(`/api/admin/campaigns/${id}/images`),
  });
  return (
    <Stack maw={980}>
      <Group justify="space-between">
        <div>
          <Title order={1}>{phrase('Campaign pictures')}</Title>
          {query.data && <Text c={AA_COLORS.muted}>{query.data.campaign.name}</Text>}
        </div>
        <Group gap="xs">
          {id && (
            <Button component={Link} to={`/admin/campaign/manage/edit/${id}`} variant="subtle">
              {phrase('Edit the campaign')}
            </Button>
          )}
          <Button component={Link} to="/admin/campaign/manage" variant="subtle">
            {phrase('Back to campaigns')}
          </Button>
        </Group>
      </Group>
      {query.error && (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.isPending && <Skeleton h={320} radius="md" />}
      {query.data && <Editor key={id} id={String(id)} initial={query.data} />}
    </Stack>
  );
}

function Editor({ id, initial }: { id: string; initial: ImagesView }) {
  const phrase = usePhrase();
  const number = useNumber();
  const can = useCan();
  const editable = can('campaign.update');
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<CampaignImage | null>(initial.banner);
  const [gallery, setGallery] = useState<CampaignImage[]>(initial.gallery);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [changed, setChanged] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const save = useMutation({
    mutationFn: () => put<ImagesView & { message: string }>(`/api/admin/campaigns/${id}/images`, { banner, gallery }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      setChanged(false);
      await queryClient.invalidateQueries({ queryKey: ['resource', '/api/admin/campaigns'] });
    },
    onError: (failure) => toast.error(failure.message),
  });

  const chooseBanner = async (file: File | null) => {
    if (!file) return;
    setUploading(phrase('Uploading the banner…'));
    try {
      setBanner(await upload(file, 'banners'));
      setChanged(true);
      setProblems([]);
      setAnnouncement(phrase('Banner uploaded. Save to keep it.'));
    } catch (failure) {
      setProblems([problemOf(file, failure)]);
    } finally {
      setUploading(null);
    }
  };

  const addToGallery = async (files: File[]) => {
    const room = MAX_GALLERY - gallery.length;
    const chosen = files.slice(0, room);
    const found: string[] =
      files.length > room
        ? [phrase('Only {{most}} pictures fit; {{n}} were left out.', { most: number(MAX_GALLERY), n: number(files.length - room) })]
        : [];
    const added: CampaignImage[] = [];
    for (const [index, file] of chosen.entries()) {
      setUploading(phrase('Uploading {{position}} of {{n}}…', { position: number(index + 1), n: number(chosen.length) }));
      try {
        added.push(await upload(file, 'content'));
      } catch (failure) {
        found.push(problemOf(file, failure));
      }
    }
    setUploading(null);
    setProblems(found);
    if (added.length) {
      setGallery((current) => [...current, ...added]);
      setChanged(true);
      setAnnouncement(phrase('Pictures added: {{n}}. Save to keep them.', { n: number(added.length) }));
    }
  };

  const move = (from: number, to: number, control: 'up' | 'down') => {
    if (to < 0 || to >= gallery.length) return;
    const next = [...gallery];
    const [moved] = next.splice(from, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setGallery(next);
    setChanged(true);
    setAnnouncement(phrase('Picture moved to position {{position}} of {{n}}.', { position: number(to + 1), n: number(next.length) }));
    requestAnimationFrame(() => {
      const item = list.current?.children[to];
      const wanted = item?.querySelector<HTMLButtonElement>(`[data-move="${control}"]:not([disabled])`);
      (wanted ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
    });
  };

  return (
    <Stack>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {!editable && (
        <Alert color="gray" title={phrase('Read only')}>
          {phrase('You may look at the pictures; changing them needs the “campaign.update” permission.')}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {phrase('Banner')}
          </Title>
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('The wide picture at the top of the campaign page and in the home slider: about 1600 × 500 pixels, JPEG, PNG or WebP.')}
          </Text>
          {banner ? (
            <Image src={imageUrl(banner.path)} alt={phrase('Campaign banner')} radius="sm" mah={260} fit="contain" bg="gray.1" />
          ) : (
            <Paper withBorder p="lg" ta="center" c={AA_COLORS.muted} fz="sm" style={{ borderStyle: 'dashed' }}>
              {phrase('No banner yet.')}
            </Paper>
          )}
          {editable && (
            <Group gap="xs">
              <FileButton onChange={chooseBanner} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button {...props} variant="light" loading={uploading === phrase('Uploading the banner…')}>
                    {banner ? phrase('Replace banner') : phrase('Upload banner')}
                  </Button>
                )}
              </FileButton>
              {banner && (
                <Button
                  variant="subtle"
                  color="red.9"
                  c={AA_COLORS.danger}
                  onClick={() => {
                    setBanner(null);
                    setChanged(true);
                    setAnnouncement(phrase('Banner removed. Save to keep the change.'));
                  }}
                >
                  {phrase('Remove banner')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h3">
              {phrase('Gallery')}
            </Title>
            {editable && (
              <FileButton onChange={addToGallery} accept="image/png,image/jpeg,image/webp" multiple>
                {(props) => (
                  <Button {...props} variant="light" disabled={gallery.length >= MAX_GALLERY || Boolean(uploading)}>
                    {phrase('Upload pictures')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('Shown on the campaign page in this order; up to {{most}}.', { most: number(MAX_GALLERY) })}
          </Text>
          {gallery.length === 0 ? (
            <Paper withBorder p="lg" ta="center" c={AA_COLORS.muted} fz="sm" style={{ borderStyle: 'dashed' }}>
              {phrase('No gallery pictures yet.')}
            </Paper>
          ) : (
            <SimpleGrid
              component="ul"
              ref={list}
              cols={{ base: 2, sm: 4 }}
              spacing="sm"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={phrase('Gallery pictures in order')}
            >
              {gallery.map((image, index) => (
                <Paper
                  component="li"
                  key={image.path}
                  withBorder
                  p={6}
                  aria-label={phrase('Picture {{position}}', { position: number(index + 1) })}
                >
                  <Stack gap={6}>
                    <Image
                      src={imageUrl(image.thumbnail)}
                      alt={phrase('Gallery picture {{position}}', { position: number(index + 1) })}
                      h={110}
                      fit="cover"
                      radius="sm"
                    />
                    {editable && (
                      <MoveButtons
                        index={index}
                        count={gallery.length}
                        noun={phrase('picture')}
                        onMove={move}
                        onRemove={() => {
                          setGallery(gallery.filter((_, at) => at !== index));
                          setChanged(true);
                          setAnnouncement(phrase('Picture removed. Save to keep the change.'));
                        }}
                      />
                    )}
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Card>

      {uploading && (
        <Text fz="sm" role="status">
          {uploading}
        </Text>
      )}
      {problems.map((problem) => (
        <Text key={problem} fz="sm" c="red.9" role="alert">
          {problem}
        </Text>
      ))}
      {editable && (
        <Group justify="flex-end">
          {changed && (
            <Text fz="sm" c={AA_COLORS.warning}>
              {phrase('Changes not saved yet')}
            </Text>
          )}
          <Button onClick={() => save.mutate()} loading={save.isPending} disabled={Boolean(uploading)}>
            {phrase('Save pictures')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
