import { customerAddressSchema, SESSION_STATUS } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../test/harness';
import { productReviews } from '../content/product-review.table';
import { customers } from '../customers/customer.table';
import { addToCart, checkoutBody, freshPhone, loginShopper, openShop, type Shop, shopper, stockedProduct } from './order.fixture';
import { orders } from './order.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

const PASSWORD = 'shopper-password-1';

async function register(browser: TestBrowser, phone = freshPhone(), extra: Record<string, unknown> = {}) {
  const response = await browser.post('/_public/register', {
    name: 'Tania Akter',
    phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().user as { id: number; name: string; phone: string; email: string | null };
}

async function guestOrder(phone: string, quantity = 1) {
  const item = await stockedProduct(shop, 10);
  const browser = await shopper(shop);
  await addToCart(browser, item.variantId, quantity);
  const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone }));
  expect(response.statusCode, response.body).toBe(201);
  return { order: response.json().order as { id: number; number: string }, item };
}

describe('POST /_public/register', () => {
  it('makes an account and signs the shopper in', async () => {
    const browser = await shopper(shop);
    const response = await browser.post('/_public/register', {
      name: 'Tania Akter',
      phone: '+8801722000111',
      email: 'Tania@Example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      status: SESSION_STATUS.authorized,
      user: { id: expect.any(Number), name: 'Tania Akter', phone: '01722000111', email: 'tania@example.com' },
      token: expect.any(String),
    });
    expect((await browser.get('/_public/userToCheck')).json()).toMatchObject({ status: 'AUTHORIZED', user: { phone: '01722000111' } });
    // The same password signs in on another device.
    await loginShopper(await shopper(shop), '01722000111', PASSWORD);
  });

  it('refuses a registered phone or a used email, and checks each field', async () => {
    const phone = freshPhone();
    await register(await shopper(shop), phone, { email: 'taken@example.com' });
    const again = await (await shopper(shop)).post('/_public/register', {
      name: 'Someone Else',
      phone,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ phone: ['This phone number is already registered. Sign in, or reset your password.'] });
    const email = await (await shopper(shop)).post('/_public/register', {
      name: 'Someone Else',
      phone: freshPhone(),
      email: 'TAKEN@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(email.json().errors).toEqual({ email: ['Another account uses this email address.'] });
    const bad = await (await shopper(shop)).post('/_public/register', {
      name: 'X',
      phone: '123',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'password', 'password_confirmation', 'phone']);
    const mismatch = await (await shopper(shop)).post('/_public/register', {
      name: 'Someone Else',
      phone: freshPhone(),
      password: PASSWORD,
      password_confirmation: 'another-password',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The two passwords do not match'] });
  });

  it('lets a guest who ordered by phone take the account over and see the order', async () => {
    const phone = freshPhone();
    const { order } = await guestOrder(phone);
    const [guest] = await shop.t.database.db.select().from(customers).where(eq(customers.phone, phone));
    expect(guest?.passwordHash).toBeNull();
    const browser = await shopper(shop);
    const user = await register(browser, phone, { name: 'Guest Now Registered' });
    expect(user.id).toBe(guest?.id);
    const list = (await browser.get('/_public/account/orders')).json();
    expect(list.data.map((row: { number: string }) => row.number)).toEqual([order.number]);
  });
});

describe('profile', () => {
  it('reads and saves name, phone and email; another account’s phone is refused', async () => {
    const browser = await shopper(shop);
    const user = await register(browser);
    expect((await browser.get('/_public/account/profile')).json()).toEqual({
      user: { id: user.id, name: 'Tania Akter', phone: user.phone, email: null },
    });
    const newPhone = freshPhone();
    const saved = await browser.put('/_public/account/profile', { name: 'Tania Rahman', phone: newPhone, email: 'tania.r@example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toEqual({ id: user.id, name: 'Tania Rahman', phone: newPhone, email: 'tania.r@example.com' });
    expect((await browser.get('/_public/userToCheck')).json().user.name).toBe('Tania Rahman');
    const other = await register(await shopper(shop));
    const taken = await browser.put('/_public/account/profile', { name: 'Tania Rahman', phone: other.phone });
    expect(taken.json().errors).toEqual({ phone: ['Another account uses this phone number.'] });
    expect((await (await shopper(shop)).get('/_public/account/profile')).statusCode).toBe(401);
  });
});

describe('addresses', () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    name: 'Tania Akter',
    phone: '01722000999',
    address: 'Flat 4B, House 10, Road 27',
    city_id: shop.dhaka.city_id,
    sub_city_id: shop.dhaka.sub_city_id,
    ...overrides,
  });

  it('keeps a customer’s addresses with one default, in their own account only', async () => {
    const browser = await shopper(shop);
    await register(browser);
    const first = await browser.post('/_public/account/addresses', body());
    expect(first.statusCode, first.body).toBe(201);
    expect(customerAddressSchema.parse(first.json().address)).toMatchObject({
      is_default: true,
      city_name: 'Dhaka',
      sub_city_name: 'Dhanmondi',
    });
    const second = (
      await browser.post('/_public/account/addresses', body({ ...shop.sylhet, address: 'Office, Zindabazar', is_default: true }))
    ).json().address;
    const list = (await browser.get('/_public/account/addresses')).json().addresses;
    expect(list.map((row: { id: number; is_default: boolean }) => [row.id, row.is_default])).toEqual([
      [second.id, true],
      [first.json().address.id, false],
    ]);
    const edited = await browser.put(
      `/_public/account/addresses/${first.json().address.id}`,
      body({ address: 'Flat 5C, House 10, Road 27' }),
    );
    expect(edited.json().address).toMatchObject({ address: 'Flat 5C, House 10, Road 27', is_default: false });
    // Removing the default makes the other one the default.
    expect((await browser.delete(`/_public/account/addresses/${second.id}`)).statusCode).toBe(200);
    expect((await browser.get('/_public/account/addresses')).json().addresses).toMatchObject([
      { id: first.json().address.id, is_default: true },
    ]);

    const wrongArea = await browser.post('/_public/account/addresses', body({ sub_city_id: shop.sylhet.sub_city_id }));
    expect(wrongArea.json().errors).toEqual({ sub_city_id: ['Choose an area of the chosen city.'] });

    // Another customer cannot see, change or remove it: it does not exist for them.
    const stranger = await shopper(shop);
    await register(stranger);
    expect((await stranger.get('/_public/account/addresses')).json().addresses).toEqual([]);
    const id = first.json().address.id;
    expect((await stranger.put(`/_public/account/addresses/${id}`, body({ address: 'Hijacked address here' }))).statusCode).toBe(404);
    expect((await stranger.delete(`/_public/account/addresses/${id}`)).statusCode).toBe(404);
    expect((await browser.get('/_public/account/addresses')).json().addresses[0].address).toBe('Flat 5C, House 10, Road 27');
    expect((await (await shopper(shop)).get('/_public/account/addresses')).statusCode).toBe(401);
  });
});

describe('the customer’s orders', () => {
  it('lists their own orders newest first, paginated, and shows one by number; another’s is not found', async () => {
    const browser = await shopper(shop);
    const user = await register(browser);
    const placed: string[] = [];
    for (let index = 0; index < 3; index++) {
      await addToCart(browser, (await stockedProduct(shop, 5)).variantId, index + 1);
      const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone: user.phone }));
      expect(response.statusCode).toBe(201);
      placed.push(response.json().order.number);
    }
    const page = (await browser.get('/_public/account/orders?per_page=2')).json();
    expect(page).toMatchObject({ total: 3, per_page: 2, current_page: 1, last_page: 2 });
    expect(page.data.map((row: { number: string }) => row.number)).toEqual([placed[2], placed[1]]);
    expect(page.data[0]).toMatchObject({
      status: 1,
      status_label: 'Pending',
      item_count: 3,
      summary: expect.stringMatching(/^Order Test Product/),
    });
    expect(
      (await browser.get('/_public/account/orders?page=2&per_page=2')).json().data.map((row: { number: string }) => row.number),
    ).toEqual([placed[0]]);
    const one = await browser.get(`/_public/account/orders/${placed[0]}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().order).toMatchObject({ number: placed[0], lines: [{ quantity: 1 }], history: [{ status: 1 }] });

    const stranger = await shopper(shop);
    await register(stranger);
    expect((await stranger.get(`/_public/account/orders/${placed[0]}`)).statusCode).toBe(404);
    expect((await stranger.get('/_public/account/orders')).json()).toMatchObject({ total: 0, data: [] });
    expect((await (await shopper(shop)).get('/_public/account/orders')).statusCode).toBe(401);
  });
});

describe('POST /_public/product/{id}/reviews', () => {
  it('takes a review only from a customer whose order with the product was delivered; it waits for approval', async () => {
    const browser = await shopper(shop);
    const user = await register(browser);
    const item = await stockedProduct(shop, 5);
    const review = { rating: 5, text: 'Lovely fabric, true to size.' };
    expect((await (await shopper(shop)).post(`/_public/product/${item.productId}/reviews`, review)).statusCode).toBe(401);
    const notBought = await browser.post(`/_public/product/${item.productId}/reviews`, review);
    expect(notBought.statusCode).toBe(403);
    expect(notBought.json().message).toBe('You can review a product once an order with it has been delivered to you.');

    await addToCart(browser, item.variantId, 1);
    const placed = await browser.post('/_public/checkout', checkoutBody(shop.dhaka, { phone: user.phone }));
    expect(placed.statusCode).toBe(201);
    // Ordered but not delivered yet.
    expect((await browser.post(`/_public/product/${item.productId}/reviews`, review)).statusCode).toBe(403);
    // The orders issue moves orders; here the test marks it delivered in the database.
    await shop.t.database.db.update(orders).set({ status: 5 }).where(eq(orders.id, placed.json().order.id));

    const invalid = await browser.post(`/_public/product/${item.productId}/reviews`, { rating: 6, text: '' });
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['rating', 'text']);
    const created = await browser.post(`/_public/product/${item.productId}/reviews`, review);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      review: { product_id: item.productId, rating: 5, text: review.text, status: 'pending' },
      message: 'Thank you! Your review will appear once the shop approves it.',
    });
    const [stored] = await shop.t.database.db.select().from(productReviews).where(eq(productReviews.productId, item.productId));
    expect(stored).toMatchObject({ customerId: user.id, status: 'pending', rating: 5 });
    expect((await browser.post(`/_public/product/${item.productId}/reviews`, review)).statusCode).toBe(409);

    // A delivered order of someone else does not let this customer review another product.
    const other = await stockedProduct(shop, 5);
    expect((await browser.post(`/_public/product/${other.productId}/reviews`, review)).statusCode).toBe(403);
  });
});
