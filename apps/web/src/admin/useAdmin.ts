import { type AdminView, hasPermission, type Permission } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueries } from '../lib/session';

/** The signed-in admin; the shell's loader has made sure there is one. */
export function useAdmin(): AdminView {
  const { data } = useQuery(sessionQueries.admin);
  if (!data?.admin) throw new Error('useAdmin outside the admin shell');
  return data.admin;
}

/** Whether the signed-in admin holds a named permission (the helper of seed §6). */
export function useCan(): (permission: Permission) => boolean {
  const { permissions } = useAdmin();
  // One function while the permissions are the same: screens that take it from a context do not
  // re-render (and lose an open dropdown) each time the shell does.
  return useCallback((permission: Permission) => hasPermission(permissions, permission), [permissions]);
}
