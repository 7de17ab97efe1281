import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteInfo } from '../lib/site';
import { useShopper } from './session';

export default function Home() {
  const site = useSiteInfo();
  const { t } = useTranslation();
  const { user } = useShopper();
  return (
    <Container size="lg" py={48}>
      <Stack gap="md" maw={640}>
        <Title order={1}>{t('store.welcome', { name: site?.site_name ?? 'Haat' })}</Title>
        {site?.tagline && (
          <Text fz="lg" c="dimmed">
            {site.tagline}
          </Text>
        )}
        <Text>Order from home and pay the delivery person in cash when your parcel arrives.</Text>
        {!user && (
          <Button
            component={Link}
            to="/login"
            w="fit-content"
            // The theme's accent colour (StoreLayout sets it), its text kept readable.
            style={{ background: 'var(--haat-accent)', color: 'var(--haat-on-accent)' }}
          >
            {t('common.signIn')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
