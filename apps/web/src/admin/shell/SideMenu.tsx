import { Avatar, Group, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { imageUrl } from '../../lib/image';
import { useAdmin, useCan } from '../useAdmin';
import { visibleMenu } from './menu';

/** The side menu: the admin's image and name, the search box (field `q`, GET) and the grouped areas. */
export function SideMenu() {
  const admin = useAdmin();
  const can = useCan();
  const { t } = useTranslation();
  const location = useLocation();
  const [query, setQuery] = useState('');
  const groups = visibleMenu(can, query);
  const image = imageUrl(admin.image);

  return (
    <Stack gap={0} h="100%">
      <Group p="md" gap="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {image ? <Avatar src={image} alt="" radius="xl" /> : <Avatar radius="xl">{admin.name.slice(0, 1)}</Avatar>}
        <div>
          <Text fw={600} fz="sm">
            {admin.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {admin.is_super ? t('admin.superAdmin') : t('admin.staff')}
          </Text>
        </div>
      </Group>
      <Form method="get" action="/admin/search" role="search" style={{ padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)' }}>
        <TextInput
          name="q"
          label={t('admin.searchMenu')}
          size="xs"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          type="search"
        />
      </Form>
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label="Back office">
        {groups.map((group) => {
          const active = group.items.some((item) => location.pathname.startsWith(item.to));
          return (
            <NavLink
              key={group.label}
              label={group.label}
              defaultOpened={active || Boolean(query)}
              opened={query ? true : undefined}
              childrenOffset={12}
            >
              {group.items.map((item) => (
                <NavLink
                  key={`${group.label}-${item.to}`}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={location.pathname === item.to}
                />
              ))}
            </NavLink>
          );
        })}
        {groups.length === 0 && (
          <Text px="md" py="sm" fz="sm" c="dimmed">
            No menu entry matches “{query}”.
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}
