import { Avatar, Group, Menu, NativeSelect, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { changeLanguage, LANGUAGES, type Language } from '../../lib/i18n';
import { imageUrl } from '../../lib/image';
import { usePhrase } from '../../lib/phrases';
import { route } from '../../lib/routes';
import { useSiteInfo } from '../../lib/site';
import { logoutAdmin } from '../logout';
import { useAdmin } from '../useAdmin';

/** The top bar of seed §2.2: the admin's name, the label Admin, the profile image and its dropdown. */
export function TopBar({ burger }: { burger: ReactNode }) {
  const admin = useAdmin();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const phrase = usePhrase();
  const image = imageUrl(admin.image);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {burger}
        <Text component={Link} to="/admin/dashboard" fw={800} fz="lg" c="#161745" td="none">
          {site?.site_name ?? 'Haat'}
        </Text>
      </Group>
      <Group gap="md" wrap="nowrap">
        {/* A visible label names the select (its name is what one sees, WCAG 2.5.3); each language in its own script. */}
        <NativeSelect
          label={t('common.language')}
          size="xs"
          value={i18n.language}
          onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
          data={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
          visibleFrom="xs"
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { marginBottom: 0, fontWeight: 400 } }}
        />
        <Menu position="bottom-end" width={220} shadow="md">
          <Menu.Target>
            {/* Named by what it shows, then what it opens: the visible words come first in its name (WCAG 2.5.3). */}
            <UnstyledButton data-testid="admin-menu">
              <Group gap="xs" wrap="nowrap">
                <div style={{ textAlign: 'right' }}>
                  <Text fz="sm" fw={600} lh={1.2} data-testid="admin-name">
                    {admin.name}
                  </Text>
                  <Text fz="xs" c="dimmed" lh={1.2}>
                    {t('admin.label')}
                  </Text>
                  <VisuallyHidden>{phrase('Account menu')}</VisuallyHidden>
                </div>
                {image ? (
                  <Avatar src={image} alt="" radius="xl" size={36} />
                ) : (
                  <Avatar radius="xl" size={36} color="navy">
                    {admin.name.slice(0, 1)}
                  </Avatar>
                )}
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={route('adminProfile')}>
              {t('admin.profile')}
            </Menu.Item>
            <Menu.Item component={Link} to={`/admin/admin/password/${admin.id}`}>
              {t('admin.changePassword')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void logoutAdmin(navigate)}>
              {t('common.signOut')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
