import { type PersonView, SESSION_STATUS } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '../lib/session';

/** The signed-in shopper, or null; `/_public/userToCheck` AUTHORIZED stores the user (seed §4). */
export function useShopper(): { user: PersonView | null; checked: boolean } {
  const { data, isFetched } = useQuery(sessionQueries.user);
  return { user: data?.status === SESSION_STATUS.authorized ? (data.user ?? null) : null, checked: isFetched };
}
