/** What the browser learns about a signed-in admin. */
export interface AdminView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  image: string | null;
  is_super: boolean;
  permissions: string[];
}

export interface PersonView {
  id: number;
  name: string;
  /** Null for a shopper who signed up with Google or Facebook and has not given a number yet. */
  phone: string | null;
  email: string | null;
  image?: string | null;
}

/** Status words of the session calls (seed §4, §7). */
export const SESSION_STATUS = {
  running: 'RUNNING',
  expired: 'EXPIRED',
  authorized: 'AUTHORIZED',
  unauthorized: 'UNAUTHORIZED',
  authenticate: 'authenticate',
  unauthenticate: 'unauthenticate',
  success: 'SUCCESS',
} as const;

/** Local-storage keys of seed §9. They hold a public session id, never a credential. */
export const STORAGE_KEYS = {
  admin: ['admin_token', 'ADMIN_TOKEN'],
  user: ['user_token'],
  merchant: ['merchant_token'],
  reseller: ['reseller_token'],
} as const;
