import { expect } from 'vitest';
import type { TestBrowser } from '../../test/harness';
import { freshPhone, type Shop } from '../orders/order.fixture';

/** The password of the resellers the tests add. */
export const RESELLER_PASSWORD = 'reseller-pass-1';

export interface SignedInReseller {
  id: number;
  name: string;
  phone: string;
  browser: TestBrowser;
}

/** A new active reseller, added by the admin on the reseller form, signed in to the portal in their own browser. */
export async function newSignedInReseller(shop: Shop, name = 'Test Reseller'): Promise<SignedInReseller> {
  const phone = freshPhone();
  const created = await shop.admin.post('/api/admin/resellers', {
    name,
    phone,
    shop_name: `${name} Shop`,
    status: 'active',
    password: RESELLER_PASSWORD,
    password_confirmation: RESELLER_PASSWORD,
  });
  expect(created.statusCode, created.body).toBe(201);
  const browser = await shop.t.browser();
  const login = await browser.post('/api/reseller/login', { login: phone, password: RESELLER_PASSWORD });
  expect(login.statusCode, login.body).toBe(200);
  return { id: created.json().data.id, name, phone, browser };
}
