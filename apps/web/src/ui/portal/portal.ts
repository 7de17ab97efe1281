import { type PersonView, SESSION_STATUS } from '@haat/contracts';
import { redirect } from 'react-router';
import { post } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { clearSession, rememberToken, sessionQueries } from '../../lib/session';

/** A portal for people who are not staff: resellers (`/dropshipper`) and merchants (`/merchant`). */
export interface Portal {
  kind: 'reseller' | 'merchant';
  /** Where its pages live. */
  base: string;
  api: string;
  /** Declared in English, shown through `phrase`. */
  title: string;
  tagline: string;
}

export const PORTALS = {
  reseller: {
    kind: 'reseller',
    base: '/dropshipper',
    api: '/api/reseller',
    title: 'Reseller portal',
    tagline: 'Sell our stock at your own price and earn on every delivered order.',
  },
  merchant: {
    kind: 'merchant',
    base: '/merchant',
    api: '/api/merchant',
    title: 'Merchant portal',
    tagline: 'Your products, their orders and your earnings in one place.',
  },
} as const satisfies Record<string, Portal>;

/** Session running stores the person; expired removes the stored token and goes to the matching login (seed §4). */
export function portalGuard(portal: Portal) {
  return async () => {
    const answer = await queryClient.fetchQuery(sessionQueries[portal.kind]).catch(() => null);
    if (!answer?.running) {
      clearSession(portal.kind);
      throw redirect(`${portal.base}/login`);
    }
    return null;
  };
}

/** The login page's loader: someone already signed in goes to their dashboard. */
export function portalGuestGuard(portal: Portal) {
  return async () => {
    const answer = await queryClient.fetchQuery({ ...sessionQueries[portal.kind], staleTime: 0 }).catch(() => null);
    if (answer?.running) throw redirect(`${portal.base}/dashboard`);
    return null;
  };
}

export async function portalSignIn(portal: Portal, input: { login: string; password: string }): Promise<void> {
  const answer = await post<{ session: string; token: string } & Partial<Record<Portal['kind'], PersonView>>>(`${portal.api}/login`, input);
  rememberToken(portal.kind, answer.token);
  queryClient.setQueryData(sessionQueries[portal.kind].queryKey, {
    running: answer.session === SESSION_STATUS.running,
    person: answer[portal.kind] ?? null,
  });
}

export async function portalSignOut(portal: Portal): Promise<void> {
  await post(`${portal.api}/logout`);
  clearSession(portal.kind);
}
