import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { itemLabel, visibleMenu } from '../shell/menu';
import { useCan } from '../useAdmin';

/** Where the side menu's search box (field `q`) lands: every screen whose name matches, in English or the reader's words. */
export default function MenuSearch() {
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const can = useCan();
  const phrase = usePhrase();
  const number = useNumber();
  const groups = visibleMenu(can, query, phrase);
  const found = groups.reduce((sum, group) => sum + group.items.length, 0);
  return (
    <Stack>
      <Title order={1}>{phrase('Search: “{{query}}”', { query })}</Title>
      <Text c="dimmed">
        {found === 0
          ? phrase('No screen matches. Try another word.')
          : found === 1
            ? phrase('1 screen found.')
            : phrase('{{n}} screens found.', { n: number(found) })}
      </Text>
      {groups.map((group) => (
        <section key={group.label}>
          <Title order={2} fz="h4" mb={4}>
            {phrase(group.label)}
          </Title>
          <List>
            {group.items.map((item) => (
              <List.Item key={item.to + item.label}>
                <Anchor component={Link} to={item.to}>
                  {itemLabel(item, phrase)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}
