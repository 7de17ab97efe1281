import { cartContentSchema } from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/tokens';
import { daysFromNow } from '../marketing/marketing.fixture';
import { addToCart, checkoutBody, loginShopper, openShop, type Shop, shopper, stockedProduct } from '../orders/order.fixture';
import { products } from '../products/product.table';
import { cartItems, carts } from './cart.table';

let shop: Shop;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.t.close());

describe('the guest cart', () => {
  it('starts empty without making a cart or a cookie', async () => {
    const browser = await shopper(shop);
    const response = await browser.get('/_public/cartToContent');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cart_content: [], cart_total: 0, item_count: 0 });
    expect(browser.cookie('haat_cart')).toBeUndefined();
  });

  it('adds to a cart kept on the server behind an httpOnly cookie, stored only as a hash', async () => {
    const { productId, variantId, sku, name } = await stockedProduct(shop, 5, { weight_grams: 400 });
    const browser = await shopper(shop);
    const added = await browser.post('/_public/cart', { variant_id: variantId, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    const cookie = (added.cookies as { name: string; httpOnly?: boolean; sameSite?: string }[]).find((each) => each.name === 'haat_cart');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const token = browser.cookie('haat_cart') as string;
    expect(token.length).toBeGreaterThanOrEqual(32);
    const [stored] = await shop.t.database.db
      .select()
      .from(carts)
      .where(eq(carts.tokenHash, sha256(token)));
    expect(stored).toBeDefined();
    expect(JSON.stringify(await shop.t.database.db.select().from(carts))).not.toContain(token);

    const content = cartContentSchema.parse(added.json());
    expect(content).toEqual({
      cart_content: [
        {
          variant_id: variantId,
          product_id: productId,
          name,
          slug: expect.any(String),
          variant_label: '',
          sku,
          thumbnail: null,
          unit_price: 100000,
          regular_price: 100000,
          quantity: 2,
          line_total: 200000,
          stock: 5,
          max_quantity: 5,
          problem: null,
        },
      ],
      cart_total: 200000,
      item_count: 2,
    });
    // Adding again adds to the line; another browser sees its own (empty) cart.
    const again = await addToCart(browser, variantId, 1);
    expect(again.cart_content[0].quantity).toBe(3);
    expect((await browser.get('/_public/cartToContent')).json().item_count).toBe(3);
    expect((await (await shopper(shop)).get('/_public/cartToContent')).json().item_count).toBe(0);
  });

  it('limits quantities by the stock, saying how many are left', async () => {
    const { variantId, name } = await stockedProduct(shop, 3);
    const browser = await shopper(shop);
    const tooMany = await browser.post('/_public/cart', { variant_id: variantId, quantity: 4 });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({
      message: `Only 3 of ${name} are left; you asked for 4.`,
      errors: { quantity: [`Only 3 of ${name} are left; you asked for 4.`] },
    });
    await addToCart(browser, variantId, 2);
    const more = await browser.post('/_public/cart', { variant_id: variantId, quantity: 2 });
    expect(more.statusCode).toBe(422);
    expect(more.json().errors.quantity).toEqual([`Only 3 of ${name} are left and 2 are already in your cart: you can add 1 more.`]);
    const raised = await browser.put(`/_public/cart/${variantId}`, { quantity: 5 });
    expect(raised.statusCode).toBe(422);
    expect(raised.json().errors.quantity[0]).toContain('Only 3 of');
    expect((await browser.get('/_public/cartToContent')).json().item_count).toBe(2);

    const soldOut = await stockedProduct(shop, 0);
    const none = await browser.post('/_public/cart', { variant_id: soldOut.variantId, quantity: 1 });
    expect(none.json()).toMatchObject({
      message: `${soldOut.name} is out of stock.`,
      errors: { quantity: [`${soldOut.name} is out of stock.`] },
    });

    const invalid = await browser.post('/_public/cart', { variant_id: 'x', quantity: 0 });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['quantity', 'variant_id']);
    const missing = await browser.post('/_public/cart', { variant_id: 999999, quantity: 1 });
    expect(missing.json().errors).toEqual({ variant_id: ['This product option does not exist; reload the page.'] });
  });

  it('changes a quantity, removes at 0 and by DELETE, and answers the cart each time', async () => {
    const first = await stockedProduct(shop, 10);
    const second = await stockedProduct(shop, 10);
    const browser = await shopper(shop);
    await addToCart(browser, first.variantId, 1);
    await addToCart(browser, second.variantId, 1);
    const changed = await browser.put(`/_public/cart/${first.variantId}`, { quantity: 4 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ cart_total: 500000, item_count: 5 });
    const zero = await browser.put(`/_public/cart/${first.variantId}`, { quantity: 0 });
    expect(zero.json().cart_content.map((line: { variant_id: number }) => line.variant_id)).toEqual([second.variantId]);
    const removed = await browser.delete(`/_public/cart/${second.variantId}`);
    expect(removed.json()).toEqual({ cart_content: [], cart_total: 0, item_count: 0 });
    expect((await browser.delete(`/_public/cart/${second.variantId}`)).statusCode).toBe(404);
    expect((await browser.put('/_public/cart/abc', { quantity: 1 })).statusCode).toBe(404);
    // A browser without a cart has no lines to change.
    expect((await (await shopper(shop)).put(`/_public/cart/${first.variantId}`, { quantity: 1 })).statusCode).toBe(404);
  });

  it('works prices out on every read: discount dates, offers and campaigns', async () => {
    const item = await stockedProduct(shop, 10, {
      discount_price: 90000,
      discount_starts_at: daysFromNow(-1),
      discount_ends_at: daysFromNow(1),
    });
    const browser = await shopper(shop);
    const content = await addToCart(browser, item.variantId, 2);
    expect(content.cart_content[0]).toMatchObject({ unit_price: 90000, regular_price: 100000, line_total: 180000 });

    const offer = await shop.admin.post('/api/admin/offers', {
      name: 'Cart test offer',
      discount_type: 'percent',
      percent_off: 20,
      product_ids: [item.productId],
      starts_at: daysFromNow(-1),
      ends_at: daysFromNow(1),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    expect((await browser.get('/_public/cartToContent')).json().cart_content[0].unit_price).toBe(80000);

    const campaign = await shop.admin.post('/api/admin/campaigns', {
      name: 'Cart test campaign',
      starts_at: daysFromNow(-1),
      ends_at: daysFromNow(1),
      products: [{ product_id: item.productId, campaign_price: 75000 }],
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    expect((await browser.get('/_public/cartToContent')).json()).toMatchObject({ cart_total: 150000 });

    // The discount ended and the offer and campaign were switched off: back to the retail price.
    await shop.admin.put(`/api/admin/offers/${offer.json().data.id}`, { ...offerBody(item.productId), status: 0 });
    await shop.admin.put(`/api/admin/campaigns/${campaign.json().data.id}`, {
      name: 'Cart test campaign',
      starts_at: daysFromNow(-1),
      ends_at: daysFromNow(1),
      status: 0,
      products: [{ product_id: item.productId, campaign_price: 75000 }],
    });
    await shop.t.database.db
      .update(products)
      .set({ discountEndsAt: new Date(Date.now() - 1000) })
      .where(eq(products.id, item.productId));
    expect((await browser.get('/_public/cartToContent')).json().cart_content[0].unit_price).toBe(100000);
  });

  it('marks lines whose stock fell below them (kept, never lowered), ran out, or whose product is no longer for sale', async () => {
    const over = await stockedProduct(shop, 5);
    const gone = await stockedProduct(shop, 5);
    const hidden = await stockedProduct(shop, 5);
    const browser = await shopper(shop);
    await addToCart(browser, over.variantId, 4);
    await addToCart(browser, gone.variantId, 2);
    await addToCart(browser, hidden.variantId, 1);
    // Other shoppers bought most of them meanwhile; the shop hid one product.
    const adjust = (productId: number, variantId: number, quantity: number) =>
      shop.admin.post(`/api/admin/products/${productId}/stock`, { variant_id: variantId, quantity, reason: 'Sold at the counter' });
    await adjust(over.productId, over.variantId, -3);
    await adjust(gone.productId, gone.variantId, -5);
    await shop.admin.post('/api/admin/products/bulk', { action: 'unpublish', ids: [hidden.productId] });

    const content = (await browser.get('/_public/cartToContent')).json();
    const line = (variantId: number) => content.cart_content.find((each: { variant_id: number }) => each.variant_id === variantId);
    // The shopper's quantity is kept: the line says how many are left (max_quantity) and waits for them to choose.
    expect(line(over.variantId)).toMatchObject({ quantity: 4, stock: 2, max_quantity: 2, problem: 'over_stock', line_total: 400000 });
    expect(line(gone.variantId)).toMatchObject({ quantity: 2, stock: 0, max_quantity: 0, problem: 'out_of_stock' });
    expect(line(hidden.variantId)).toMatchObject({ quantity: 1, problem: 'unavailable' });
    // Only what can be bought as it stands counts towards the total; the badge counts everything in the cart.
    expect(content.cart_total).toBe(0);
    expect(content.item_count).toBe(7);
    // Reading again changes nothing.
    const next = (await browser.get('/_public/cartToContent')).json();
    expect(next.cart_content.find((each: { variant_id: number }) => each.variant_id === over.variantId)).toMatchObject({
      quantity: 4,
      problem: 'over_stock',
    });
    // Lowering it to still more than is left is refused, with how many are left, on the quantity.
    const stillTooMany = await browser.put(`/_public/cart/${over.variantId}`, { quantity: 3 });
    expect(stillTooMany.statusCode).toBe(422);
    expect(stillTooMany.json()).toEqual({
      message: `Only 2 of ${over.name} are left; you asked for 3.`,
      errors: { quantity: [`Only 2 of ${over.name} are left; you asked for 3.`] },
    });
    // Lowering it to what is left clears the problem.
    const fits = (await browser.put(`/_public/cart/${over.variantId}`, { quantity: 2 })).json();
    expect(fits.cart_content.find((each: { variant_id: number }) => each.variant_id === over.variantId)).toMatchObject({
      quantity: 2,
      problem: null,
      line_total: 200000,
    });
    expect(fits.cart_total).toBe(200000);
    // A product that is not for sale cannot be added.
    const refused = await browser.post('/_public/cart', { variant_id: hidden.variantId, quantity: 1 });
    expect(refused.json().errors).toEqual({ variant_id: [`${hidden.name} is no longer for sale.`] });
  });
});

describe('merging on sign-in and registration', () => {
  it('merges the guest cart into the customer cart on sign-in and forgets the guest cookie', async () => {
    const shirt = await stockedProduct(shop, 10);
    const saree = await stockedProduct(shop, 10);
    const phone = '01911222333';
    const registered = await (await shopper(shop)).post('/_public/register', {
      name: 'Karim Mia',
      phone,
      password: 'karim-password-1',
      password_confirmation: 'karim-password-1',
    });
    expect(registered.statusCode, registered.body).toBe(201);

    // On another device, signed in, Karim had put a shirt in his cart.
    const phoneBrowser = await shopper(shop);
    await loginShopper(phoneBrowser, phone, 'karim-password-1');
    await addToCart(phoneBrowser, shirt.variantId, 1);

    // As a guest on the laptop he adds two shirts and a saree, then signs in.
    const laptop = await shopper(shop);
    await addToCart(laptop, shirt.variantId, 2);
    await addToCart(laptop, saree.variantId, 1);
    const guestToken = laptop.cookie('haat_cart') as string;
    await loginShopper(laptop, phone, 'karim-password-1');
    expect(laptop.cookie('haat_cart')).toBeUndefined();

    const merged = (await laptop.get('/_public/cartToContent')).json();
    expect(merged.cart_content.map((line: { variant_id: number; quantity: number }) => [line.variant_id, line.quantity])).toEqual([
      [shirt.variantId, 3],
      [saree.variantId, 1],
    ]);
    expect((await phoneBrowser.get('/_public/cartToContent')).json().item_count).toBe(4);
    const db = shop.t.database.db;
    expect(
      await db
        .select()
        .from(carts)
        .where(eq(carts.tokenHash, sha256(guestToken))),
    ).toEqual([]);

    // Signing out leaves the cart with the account; the browser starts a new guest cart.
    await laptop.post('/_public/logout');
    expect((await laptop.get('/_public/cartToContent')).json().item_count).toBe(0);
    await loginShopper(laptop, phone, 'karim-password-1');
    expect((await laptop.get('/_public/cartToContent')).json().item_count).toBe(4);
  });

  it('merges the guest cart when the shopper registers', async () => {
    const item = await stockedProduct(shop, 10);
    const browser = await shopper(shop);
    await addToCart(browser, item.variantId, 2);
    const registered = await browser.post('/_public/register', {
      name: 'Nadia Rahman',
      phone: '01611222444',
      password: 'nadia-password-1',
      password_confirmation: 'nadia-password-1',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const content = (await browser.get('/_public/cartToContent')).json();
    expect(content).toMatchObject({ item_count: 2, cart_content: [{ variant_id: item.variantId, quantity: 2 }] });
    const [customerCart] = await shop.t.database.db
      .select({ items: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.customerId, registered.json().user.id));
    expect(customerCart?.items).toBe(2);
  });

  it('keeps the checkout from using a guest cart of another browser', async () => {
    const browser = await shopper(shop);
    const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Your cart is empty.', errors: { cart: ['Your cart is empty.'] } });
  });
});

function offerBody(productId: number) {
  return {
    name: 'Cart test offer',
    discount_type: 'percent',
    percent_off: 20,
    product_ids: [productId],
    starts_at: daysFromNow(-1),
    ends_at: daysFromNow(1),
  };
}
