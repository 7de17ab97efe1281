import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/** The storefront on a phone. */
const PHONE = { width: 390, height: 844 };
const SHOPPER = { name: 'Mitu Sultana', phone: '01855667788', password: 'first-password-1', newPassword: 'second-password-2' };

/** A BulkSMSBD-style gateway that keeps what it is asked to send (the shop's SMS module posts to it). */
class FakeSmsGateway {
  readonly texts: { number: string; message: string }[] = [];
  private server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      this.texts.push({ number: form.get('number') ?? '', message: form.get('message') ?? '' });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ response_code: 202, message_id: this.texts.length, success_message: 'SMS Submitted Successfully' }));
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/smsapi`;
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
  /** The 6-digit code of the last text to a number (the gateway gets it as 8801…). */
  lastCode(phone: string): string | null {
    const text = this.texts.filter((each) => each.number.endsWith(phone.slice(1))).at(-1);
    return text?.message.match(/\b\d{6}\b/)?.[0] ?? null;
  }
}

/** A call from the page, with the CSRF headers the app sends; answers the JSON. */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([method, url, body]) => {
      let token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      if (!token || token === '__CSRF_TOKEN__') token = ((await (await fetch('/api/csrf-token')).json()) as { token: string }).token;
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return JSON.parse(text);
    },
    [method, url, body] as const,
  ) as Promise<T>;
}

let browser: Browser;
let admin: Page;
let shopperContext: BrowserContext;
let shopper: Page;
let gateway: FakeSmsGateway;
const orders: { id: number; number: string }[] = [];

/** The shopper orders one unit of a product in stock at checkout (the cart and checkout calls the pages make). */
async function placeOrder(): Promise<{ id: number; number: string }> {
  const { product } = await call<{ product: { variants: { id: number; stock: number }[] } }>(
    shopper,
    'GET',
    '/_public/product/khadi-cotton-panjabi',
  );
  const variant = product.variants.find((each) => each.stock > 2);
  if (!variant) throw new Error('the demo product has no variant in stock');
  await call(shopper, 'POST', '/_public/cart', { variant_id: variant.id, quantity: 1 });
  const { cities } = await call<{ cities: { id: number }[] }>(shopper, 'GET', '/_public/cities');
  const city = cities[0]?.id as number;
  const { sub_cities: areas } = await call<{ sub_cities: { id: number }[] }>(shopper, 'GET', `/_public/cities/${city}/sub-cities`);
  const { order } = await call<{ order: { id: number; number: string } }>(shopper, 'POST', '/_public/checkout', {
    name: SHOPPER.name,
    phone: SHOPPER.phone,
    address: 'House 12, Road 5, Uttara',
    city_id: city,
    sub_city_id: areas[0]?.id,
    payment_method: 'cod',
    idempotency_key: randomUUID(),
  });
  orders.push(order);
  return order;
}

beforeAll(async () => {
  gateway = new FakeSmsGateway();
  const gatewayUrl = await gateway.start();
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signInAsAdmin(admin);
  // The shop's SMS go through a gateway this test reads.
  const current = await call<{ data: Record<string, unknown> }>(admin, 'GET', '/api/admin/settings/sms');
  await call(admin, 'PUT', '/api/admin/settings/sms', {
    ...current.data,
    enabled: true,
    gateway_url: gatewayUrl,
    api_key: 'test-key',
    sender_id: 'HAAT',
  });
  ({ context: shopperContext, page: shopper } = await newPage(browser, PHONE));
  shopper.on('pageerror', (error) => console.log('page error:', error.message));
  shopper.on('console', (message) => message.type() === 'error' && console.log('console:', message.text()));
  // A shopper with an account and two orders.
  await shopper.goto('/register');
  await shopper.getByLabel(/^Name/).fill(SHOPPER.name);
  await shopper.getByLabel(/^Mobile number/).fill(SHOPPER.phone);
  await shopper
    .getByLabel(/^Password/)
    .first()
    .fill(SHOPPER.password);
  await shopper.getByLabel(/^Password again/).fill(SHOPPER.password);
  await shopper.getByRole('button', { name: 'Create account' }).click();
  await shopper.waitForURL('**/account');
  await placeOrder();
  await placeOrder();
});

afterAll(async () => {
  // The other journeys share this shop: SMS go back to the log only.
  if (admin) {
    const current = await call<{ data: Record<string, unknown> }>(admin, 'GET', '/api/admin/settings/sms').catch(() => null);
    if (current) await call(admin, 'PUT', '/api/admin/settings/sms', { ...current.data, enabled: false }).catch(() => undefined);
  }
  await browser?.close();
  await gateway?.close();
});

describe('a shopper on a phone: forgotten password, cancelling an order, tracking', () => {
  it('resets a forgotten password with the SMS code and signs in with the new one', async () => {
    await shopper.goto('/account');
    await shopper.getByRole('button', { name: 'Sign out' }).click();
    await shopper.waitForURL((url) => url.pathname === '/');
    await shopper.goto('/login');
    await shopper.getByRole('link', { name: 'Forgot your password?' }).click();
    await shopper.waitForURL('**/forgot-password');
    await shopper.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await shopper.getByLabel(/^Mobile number/).fill(SHOPPER.phone);
    await shopper.getByRole('button', { name: 'Send the code' }).click();
    await shopper.waitForURL('**/password/reset?phone=*');
    await shopper.getByText(/a 6-digit code is on its way by SMS/).waitFor();
    await expect.poll(() => gateway.lastCode(SHOPPER.phone)).toMatch(/^\d{6}$/);
    const code = gateway.lastCode(SHOPPER.phone) as string;

    // A wrong code is refused under its field.
    await shopper.getByLabel(/^Code from the SMS/).fill(code === '000000' ? '111111' : '000000');
    await shopper.getByLabel(/^New password(?! again)/).fill(SHOPPER.newPassword);
    await shopper.getByLabel(/^New password again/).fill(SHOPPER.newPassword);
    await shopper.getByRole('button', { name: 'Set the new password' }).click();
    await shopper.getByText('This code is not right or has expired. Check the SMS or ask for a new code.').waitFor();

    await shopper.getByLabel(/^Code from the SMS/).fill(code);
    await shopper.getByRole('button', { name: 'Set the new password' }).click();
    await shopper.waitForURL('**/login');
    await shopper.getByText('Your new password is set. Sign in with it.').waitFor();
    expect(await shopper.getByLabel(/^Phone number or email/).inputValue()).toBe(SHOPPER.phone);
    await shopper.getByLabel(/^Password/).fill(SHOPPER.newPassword);
    await shopper.getByRole('button', { name: 'Sign in' }).click();
    await shopper.waitForURL('**/account');
  });

  it('lists the orders newest first and cancels the pending one with a reason, which staff see', async () => {
    const [older, newer] = orders as [{ id: number; number: string }, { id: number; number: string }];
    await shopper.goto('/account/orders');
    const links = shopper.getByRole('link', { name: /^Order number HB-/ });
    await links.first().waitFor();
    expect(await links.allTextContents()).toEqual([`Order number ${newer.number}`, `Order number ${older.number}`]);

    await links.nth(1).click();
    await shopper.getByRole('heading', { level: 1, name: `Order number ${older.number}` }).waitFor();
    expect(await shopper.getByTestId('order-status').textContent()).toBe('Pending');
    await shopper.getByRole('button', { name: 'Cancel this order' }).click();
    // Without a reason: the field says so.
    await shopper.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await shopper.getByText('Say why you are cancelling').waitFor();
    await shopper.getByLabel(/^Why are you cancelling/).fill('Found it cheaper nearby');
    await shopper.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await shopper.getByText('Your order is cancelled.').waitFor();
    await expect.poll(() => shopper.getByTestId('order-status').textContent()).toBe('Cancelled');
    expect(await shopper.getByTestId('cancel-reason').textContent()).toBe('You cancelled this order: “Found it cheaper nearby”');
    expect(await shopper.getByRole('button', { name: 'Cancel this order' }).count()).toBe(0);

    const staff = await call<{ data: { status: number; history: { status: number; note: string; by: string }[] } }>(
      admin,
      'GET',
      `/api/admin/orders/${older.id}`,
    );
    expect(staff.data.status).toBe(7);
    expect(staff.data.history.at(-1)).toMatchObject({
      status: 7,
      note: 'Cancelled by the customer: Found it cheaper nearby',
      by: 'customer',
    });
  });

  it('tracks the shipped order with its courier and a link to the courier’s tracking page, in English and in Bengali', async () => {
    const newer = orders[1] as { id: number; number: string };
    const name = `Sundarban Express ${Date.now().toString(36)}`;
    const created = await call<{ data: { id: number } }>(admin, 'POST', '/api/admin/couriers', {
      name,
      provider: 'none',
      phone: '',
      tracking_url: 'https://track.example.com/parcel/{code}',
      status: 1,
    });
    for (const to of [2, 3]) await call(admin, 'POST', `/api/admin/orders/${newer.id}/status`, { to });
    await call(admin, 'PUT', `/api/admin/orders/${newer.id}/courier`, { courier_id: created.data.id, tracking_code: 'SB-4471' });
    await call(admin, 'POST', `/api/admin/orders/${newer.id}/status`, { to: 4 });

    await shopper.goto(`/track?number=${newer.number}&phone=${SHOPPER.phone}`);
    const tracked = shopper.getByTestId('tracked-order');
    await tracked.waitFor().catch(async (error) => {
      await shopper.screenshot({ path: '/tmp/shopper-shots/e2e-track-failed.png', fullPage: true });
      throw error;
    });
    expect(await shopper.getByTestId('order-status').textContent()).toBe('Shipped');
    const courier = shopper.getByTestId('tracked-courier');
    await courier.getByText(name).waitFor();
    const link = courier.getByRole('link', { name: /SB-4471/ });
    expect(await link.getAttribute('href')).toBe('https://track.example.com/parcel/SB-4471');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Nothing wider than the phone's screen.
    expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The same page in Bengali: words, status, dates and money with Bengali digits.
    await shopper.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await shopper.goto(`/track?number=${newer.number}&phone=${SHOPPER.phone}`);
    await shopper.getByRole('heading', { level: 1, name: 'অর্ডার ট্র্যাক করুন' }).waitFor();
    await tracked.waitFor();
    await expect.poll(() => shopper.getByTestId('order-status').textContent()).toBe('পাঠানো হয়েছে');
    await courier.getByText('কুরিয়ার', { exact: true }).waitFor();
    await courier.getByText('ট্র্যাকিং কোড', { exact: true }).waitFor();
    const text = (await tracked.textContent()) ?? '';
    expect(text).toMatch(/অর্ডারের সময়: [০-৯]{1,2} [^\d\s]+ [০-৯]{4}/);
    expect(await shopper.getByTestId('order-total').textContent()).toMatch(/^৳\s?[০-৯,]+/);
    expect(text).not.toMatch(/Pending|Shipped|Placed/);
    await shopperContext.clearCookies();
  });
});
