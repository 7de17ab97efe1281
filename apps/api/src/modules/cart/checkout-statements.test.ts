import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../../test/harness';
import { recordStatements, type StatementLog } from '../../test/statements';
import { addToCart, checkoutBody, openShop, type Shop, shopper, stockedProduct } from '../orders/order.fixture';
import { settleAfterCommitWork } from '../orders/order-events';

// The statements a shopper's add to cart and cash-on-delivery checkout send (docs/decisions/007,
// "Statements of a checkout"; bench/storefront-checkout.mjs times the same two requests). A change
// that reads something again fails here: find the read it repeats before raising a number.
// Transaction control (BEGIN, COMMIT) is not counted: each request opens one transaction.
const EXPECTED = {
  /** Find the cart; lock it and mark it used; its lines; the variants with their price columns; offers; campaigns; thumbnails; the line. */
  addToCart: 8,
  /**
   * Before the transaction: the cart, the idempotency key, the cart's lines with their stock, the
   * customer by phone and its insert (plus, on PostgreSQL, the configuration and payment settings,
   * which PGlite keeps in memory). In it: lock the cart, its lines, the key again, the configuration,
   * variants, offers, campaigns, place, delivery rules, the order, the locks on products and variants,
   * ledger, both stocks, lines, history, the order assignment's settings (decision 057: the one read
   * while it is off), the cart's draft closed (decision 056), the cart's lines out. After it: the answer's order, lines,
   * history, city and area; the SMS's template and log row (plus its two settings on PostgreSQL); on
   * PostgreSQL the marketing settings, read to know whether the Conversions API records the purchase (decision 060).
   * The fraud controls (decision 055) add the blocklist's read (and on PostgreSQL their settings); with no cap
   * set, nothing else.
   */
  placeOrder: TEST_DB_KIND === 'pglite' ? 33 : 39,
};

let shop: Shop;
let log: StatementLog;
beforeAll(async () => {
  shop = await openShop();
  log = recordStatements(shop.t.database.db);
});
afterAll(() => shop.t.close());

const listed = (statements: string[]) => statements.map((statement, index) => `${index + 1}. ${statement.slice(0, 160)}`).join('\n');

describe('a storefront checkout', () => {
  it('adds to the cart and places the order in a fixed number of statements', async () => {
    const product = await stockedProduct(shop, 1000);
    const browser = await shopper(shop);
    // The first round makes the cart and its customer and fills what is kept in memory; the next
    // ones are a returning shopper's, as the benchmark's.
    for (let round = 0; round < 3; round += 1) {
      let status = 0;
      const added = await log.during(async () => {
        status = (await browser.post('/_public/cart', { variant_id: product.variantId, quantity: 1 })).statusCode;
      });
      expect(status).toBe(200);
      let body = '';
      const placed = await log.during(async () => {
        const response = await browser.post('/_public/checkout', checkoutBody(shop.dhaka));
        status = response.statusCode;
        body = response.body;
        // The order-placed SMS, written after the answer.
        await settleAfterCommitWork();
      });
      expect(status, body).toBe(201);
      if (round === 0) continue;
      expect(added.length, listed(added)).toBe(EXPECTED.addToCart);
      expect(placed.length, listed(placed)).toBe(EXPECTED.placeOrder);
    }
  });
});

describe('settings kept in memory', () => {
  it('are read again as soon as they change, through the back office or straight in the table', async () => {
    const product = await stockedProduct(shop, 10);
    const browser = await shopper(shop);
    await addToCart(browser, product.variantId);
    const methods = async () => (await browser.post('/_public/checkout/quote', shop.dhaka)).json().payment_methods;
    expect(await methods()).toEqual([{ code: 'cod', label: 'Cash on delivery', purposes: [] }]);
    const saved = await shop.admin.put('/api/admin/settings/payment', { cod_enabled: true, cod_label: 'Pay the rider', purposes: [] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await methods()).toEqual([{ code: 'cod', label: 'Pay the rider', purposes: [] }]);
    // Read again while unchanged: PGlite answers from memory, PostgreSQL reads the row.
    const reads = (await log.during(methods)).filter((statement) => statement.includes('"settings"'));
    expect(reads).toHaveLength(TEST_DB_KIND === 'pglite' ? 0 : 1);
    await shop.t.database.db.execute(
      sql`update settings set value = jsonb_set(value, '{cod_label}', '"Cash to the rider"') where key = 'payment'`,
    );
    expect(await methods()).toEqual([{ code: 'cod', label: 'Cash to the rider', purposes: [] }]);
    expect(
      (await shop.admin.put('/api/admin/settings/payment', { cod_enabled: true, cod_label: 'Cash on delivery', purposes: [] })).statusCode,
    ).toBe(200);
    expect(await methods()).toEqual([{ code: 'cod', label: 'Cash on delivery', purposes: [] }]);
    expect((await browser.post('/_public/checkout', checkoutBody(shop.dhaka))).statusCode).toBe(201);
  });
});
