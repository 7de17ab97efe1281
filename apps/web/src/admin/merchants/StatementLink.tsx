import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { usePhrase } from '../../lib/phrases';

/** The merchant list's way to a merchant's statement. */
export function StatementLink({ id }: { id: number }) {
  const phrase = usePhrase();
  return (
    <Anchor component={Link} to={`/admin/merchant/statement/${id}`} fz="sm">
      {phrase('Statement')}
    </Anchor>
  );
}
