import { formatMoney } from '@haat/contracts';
import { Alert, Avatar, Button, Center, FileButton, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, post } from '../../lib/api';
import { addTranslations } from '../../lib/i18n';
import { imageUrl } from '../../lib/image';
import { useSiteInfo } from '../../lib/site';
import { PORTALS, type Portal } from '../../ui/portal/portal';
import { bn } from './text-bn';

/**
 * What every dropshipper page shares: its words (the `dropshipper` namespace: English is written
 * in the pages as each key's default, Bengali comes from text-bn.ts), money in the shop's currency,
 * a page heading, and the loading and error states of a call.
 */
const NAMESPACE = 'dropshipper';
addTranslations(NAMESPACE, { bn });

/** The portal a public page (password reset) belongs to, by its address: the merchant's reuses the reseller's pages. */
export function usePublicPortal(): Portal {
  return useLocation().pathname.startsWith(PORTALS.merchant.base) ? PORTALS.merchant : PORTALS.reseller;
}

export function useText() {
  return useTranslation(NAMESPACE);
}

export function useMoney(): (paisa: number | null | undefined) => string {
  const symbol = useSiteInfo()?.currency_symbol ?? '৳';
  const { i18n } = useTranslation();
  return (paisa) => (paisa === null || paisa === undefined ? '—' : formatMoney(paisa, symbol, i18n.language));
}

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <Title order={1} fz="h2">
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}

/** A query's waiting and failed states; renders `children` once there is data. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useText();
  if (query.error) {
    const message = query.error instanceof ApiError ? query.error.message : String(query.error);
    return (
      <Alert color="red" role="alert" title={t('loadFailed', 'This could not be loaded')}>
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            {t('retry', 'Try again')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading', 'Loading…')} />
      </Center>
    );
  }
  return <>{children(query.data)}</>;
}

/** The frame of the public password-reset pages: like the sign-in page. */
export function PublicCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const site = useSiteInfo();
  const { t } = useText();
  return (
    <main id="main">
      <Center mih="100vh" p="md" bg="gray.1">
        <Paper w="100%" maw={440} p="xl" radius="lg" shadow="md" withBorder>
          <Stack>
            <div>
              <Text fw={800} fz="lg" c="#161745">
                {site?.site_name ?? 'Haat'} · {t('portal', 'Reseller portal')}
              </Text>
              <Title order={1} fz="h3">
                {title}
              </Title>
              {intro && (
                <Text c="dimmed" fz="sm">
                  {intro}
                </Text>
              )}
            </div>
            {children}
            <Text fz="sm">
              <Link to="/dropshipper/login">{t('backToSignIn', 'Back to sign in')}</Link>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </main>
  );
}

/** A picture uploaded by the reseller (their photo, their logo); the form keeps the returned path. */
export function ImageUpload({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (path: string | null) => void;
  error?: string;
}) {
  const { t } = useText();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    const body = new FormData();
    body.append('image', file);
    try {
      const stored = await post<{ path: string }>('/api/reseller/uploads', body);
      onChange(stored.path);
    } catch (failure) {
      setUploadError(failure instanceof ApiError ? (failure.fieldErrors().image ?? failure.message) : String(failure));
    } finally {
      setUploading(false);
    }
  };
  const src = imageUrl(value);
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {label}
      </Text>
      <Group>
        {src ? <Image src={src} alt={label} w={88} h={88} radius="md" fit="cover" /> : <Avatar size={88} radius="md" />}
        <Stack gap={4}>
          <FileButton onChange={upload} accept="image/png,image/jpeg,image/webp">
            {(props) => (
              <Button
                {...props}
                variant="light"
                loading={uploading}
                aria-label={`${src ? t('changeImage', 'Change image') : t('uploadImage', 'Upload image')}: ${label}`}
              >
                {src ? t('changeImage', 'Change image') : t('uploadImage', 'Upload image')}
              </Button>
            )}
          </FileButton>
          {src && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(null)}>
              {t('removeImage', 'Remove')}
            </Button>
          )}
        </Stack>
      </Group>
      {(uploadError ?? error) && (
        <Text fz="sm" c="red.8" role="alert">
          {uploadError ?? error}
        </Text>
      )}
    </Stack>
  );
}
