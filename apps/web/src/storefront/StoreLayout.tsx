import { Anchor, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { useSiteInfo } from '../lib/site';
import { useShopper } from './session';

/** The storefront's header and footer around every public page. */
export default function StoreLayout() {
  const site = useSiteInfo();
  const { t, i18n } = useTranslation();
  const { user } = useShopper();
  return (
    <Stack gap={0} mih="100vh">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header style={{ background: '#161745', color: '#fff' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" c="white" fw={800} fz="xl" underline="never">
              {site?.site_name ?? 'Haat'}
            </Anchor>
            <Group gap="md" wrap="nowrap">
              <NativeSelect
                aria-label={t('common.language')}
                size="xs"
                value={i18n.language}
                onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
                data={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
              />
              <Anchor component={Link} to={user ? '/account' : '/login'} c="white" fz="sm" fw={600}>
                {user ? t('store.account') : t('common.signIn')}
              </Anchor>
            </Group>
          </Group>
        </Container>
      </header>
      <main id="main" style={{ flex: 1 }}>
        <Outlet />
      </main>
      <footer style={{ background: '#10112f', color: '#e6e7f2' }}>
        <Container size="lg" py="lg">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Text fw={700}>{site?.site_name}</Text>
              {site?.address && <Text fz="sm">{site.address}</Text>}
              {site?.contact_phone && (
                <Anchor href={`tel:${site.contact_phone}`} c="#e6e7f2" fz="sm">
                  {site.contact_phone}
                </Anchor>
              )}
              {site?.contact_email && (
                <Anchor href={`mailto:${site.contact_email}`} c="#e6e7f2" fz="sm">
                  {site.contact_email}
                </Anchor>
              )}
            </Stack>
            <Stack gap={4}>
              <Anchor component={Link} to="/dropshipper/login" c="#e6e7f2" fz="sm">
                Resellers
              </Anchor>
              <Anchor component={Link} to="/merchant/login" c="#e6e7f2" fz="sm">
                Merchants
              </Anchor>
            </Stack>
          </Group>
        </Container>
      </footer>
    </Stack>
  );
}
