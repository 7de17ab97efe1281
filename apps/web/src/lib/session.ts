import { type AdminView, type PersonView, SESSION_STATUS, STORAGE_KEYS } from '@haat/contracts';
import { get } from './api';
import { queryClient } from './query';

type Kind = keyof typeof STORAGE_KEYS;

/** The local-storage keys of seed §9 hold the public session id: a marker, never a credential. */
export function rememberToken(kind: Kind, token: string): void {
  for (const key of STORAGE_KEYS[kind]) localStorage.setItem(key, token);
}

export function forgetToken(kind: Kind): void {
  for (const key of STORAGE_KEYS[kind]) localStorage.removeItem(key);
}

export interface AdminSessionAnswer {
  status: typeof SESSION_STATUS.running | typeof SESSION_STATUS.expired;
  admin?: AdminView;
}

export interface AdminAuthAnswer {
  status: typeof SESSION_STATUS.authorized | typeof SESSION_STATUS.unauthorized;
  admin?: AdminView;
  token?: string;
}

export const sessionQueries = {
  /** `/check/session/admin`: RUNNING stores the admin, EXPIRED removes the token (seed §4). */
  admin: {
    queryKey: ['session', 'admin'] as const,
    queryFn: async () => {
      const answer = await get<AdminSessionAnswer>('/check/session/admin');
      if (answer.status !== SESSION_STATUS.running) forgetToken('admin');
      return answer;
    },
    staleTime: 15_000,
  },
  reseller: personQuery('reseller', '/api/reseller/login/session/check'),
  merchant: personQuery('merchant', '/api/merchant/login/session/check'),
  user: {
    queryKey: ['session', 'user'] as const,
    queryFn: async () => {
      const answer = await get<{ status: string; user?: PersonView }>('/_public/userToCheck');
      if (answer.status !== SESSION_STATUS.authorized) forgetToken('user');
      return answer;
    },
    staleTime: 60_000,
  },
};

function personQuery(kind: 'reseller' | 'merchant', url: string) {
  return {
    queryKey: ['session', kind] as const,
    queryFn: async () => {
      const answer = await get<{ session: string } & Partial<Record<typeof kind, PersonView>>>(url);
      if (answer.session !== SESSION_STATUS.running) forgetToken(kind);
      return { running: answer.session === SESSION_STATUS.running, person: answer[kind] ?? null };
    },
    staleTime: 30_000,
  };
}

/** After a sign-out or an expired session: drop everything cached for that person. */
export function clearSession(kind: Kind): void {
  forgetToken(kind);
  queryClient.removeQueries({ queryKey: ['session', kind] });
  if (kind === 'admin') queryClient.removeQueries({ queryKey: ['admin'] });
}
