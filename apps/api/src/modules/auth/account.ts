import type { Db } from '../../db/client';
import type { SessionKind } from './session.table';

/** What the sign-in flow needs from each kind of account; each module provides its own. */
export interface AccountProvider<View> {
  kind: SessionKind;
  /** Finds the account a login (email, or phone for people) names. */
  findForLogin(db: Db, login: string): Promise<{ id: number; passwordHash: string | null; active: boolean } | null>;
  /** The view the browser gets; null when the account is gone or may no longer sign in. */
  load(db: Db, id: number): Promise<View | null>;
  /** Said when the password is right but the account may not sign in. */
  inactiveMessage: string;
}

/** A phone number typed with +88, spaces or dashes is the same number. */
export function normaliseLogin(login: string): { email?: string; phone?: string } {
  const trimmed = login.trim();
  if (trimmed.includes('@')) return { email: trimmed.toLowerCase() };
  return { phone: trimmed.replace(/[\s-]/g, '').replace(/^\+?88/, '') };
}
