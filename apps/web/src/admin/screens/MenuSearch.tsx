import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { visibleMenu } from '../shell/menu';
import { useCan } from '../useAdmin';

/** Where the side menu's search box (field `q`) lands: every screen whose name matches. */
export default function MenuSearch() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const can = useCan();
  const groups = visibleMenu(can, query);
  const count = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <Stack>
      <Title order={1}>Search: “{query}”</Title>
      <Text c="dimmed">{count === 0 ? 'No screen matches. Try another word.' : `${count} screen${count === 1 ? '' : 's'} found.`}</Text>
      {groups.map((group) => (
        <section key={group.label}>
          <Title order={2} fz="h4" mb={4}>
            {group.label}
          </Title>
          <List>
            {group.items.map((item) => (
              <List.Item key={item.to + item.label}>
                <Anchor component={Link} to={item.to}>
                  {item.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}
