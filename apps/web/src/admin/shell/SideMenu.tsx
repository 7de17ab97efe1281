import { AccordionChevron, Avatar, Group, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { imageUrl } from '../../lib/image';
import { usePhrase } from '../../lib/phrases';
import { useAdmin, useCan } from '../useAdmin';
import { itemLabel, visibleMenu } from './menu';

const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * The side menu: the admin's image and name, the search box (field `q`, GET) and the grouped areas.
 * A group's toggle is a button (aria-expanded, aria-controls its list); its entries are plain links,
 * which may carry neither (WCAG 4.1.2). Labels stay English in menu.ts and read in the admin's language here.
 */
export function SideMenu() {
  const admin = useAdmin();
  const can = useCan();
  const { t } = useTranslation();
  const phrase = usePhrase();
  const location = useLocation();
  const [query, setQuery] = useState('');
  // Groups the admin opened or closed; any other opens when it holds the current page.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const groups = visibleMenu(can, query, phrase);
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
      <ScrollArea style={{ flex: 1 }} component="nav" aria-label={phrase('Back office')}>
        <ul style={LIST}>
          {groups.map((group, index) => {
            const holdsPage = group.items.some((item) => location.pathname.startsWith(item.to));
            const open = Boolean(query) || (toggled[group.label] ?? holdsPage);
            const listId = `side-menu-group-${index}`;
            return (
              <li key={group.label}>
                <NavLink
                  component="button"
                  type="button"
                  label={phrase(group.label)}
                  aria-expanded={open}
                  aria-controls={listId}
                  onClick={() => setToggled((current) => ({ ...current, [group.label]: !open }))}
                  rightSection={<AccordionChevron size={14} style={{ transform: open ? 'rotate(180deg)' : undefined }} aria-hidden />}
                  fw={500}
                />
                <ul id={listId} hidden={!open} style={{ ...LIST, paddingLeft: 12 }}>
                  {group.items.map((item) => (
                    <li key={`${item.to}-${item.label}`}>
                      <NavLink
                        component={Link}
                        to={item.to}
                        label={itemLabel(item, phrase)}
                        active={location.pathname === item.to}
                        aria-current={location.pathname === item.to ? 'page' : undefined}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
        {groups.length === 0 && (
          <Text px="md" py="sm" fz="sm" c="dimmed">
            {phrase('No menu entry matches “{{query}}”.', { query })}
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}
