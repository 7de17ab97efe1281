import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { settleAfterCommitWork } from '../orders';
import { awaitingOrder, choose, openPayShop, orderRow, type PayShop, paymentRows, start } from './payment.fixture';

let pay: PayShop;

beforeAll(async () => {
  pay = await openPayShop();
});
afterAll(async () => {
  await settleAfterCommitWork();
  await pay.close();
});

describe('callbacks at once (decision 062)', () => {
  it('20 returns of one payment at once record one paid payment, one entry and one confirmation', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order);
    const back = await choose(started.redirect_url, 'pay');
    const path = `${back.pathname}${back.search}`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay.shop.t.app.inject({ method: 'GET', url: path })));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(303);
      expect(answer.headers.location).toBe(`/order/${order.number}/thanks?paid=1`);
    }
    const attempts = await paymentRows(pay.db, order.id);
    expect(attempts.map((attempt) => attempt.state)).toEqual(['paid']);
    const [entries] = rowsOf<{ n: number }>(
      await pay.db.execute(
        sql`select count(*)::int as n from journal_entries where source = 'payment.received' and source_id = ${attempts[0]?.id}`,
      ),
    );
    expect(entries?.n).toBe(1);
    const [moves] = rowsOf<{ n: number }>(
      await pay.db.execute(sql`select count(*)::int as n from order_status_history where order_id = ${order.id} and to_status = 2`),
    );
    expect(moves?.n).toBe(1);
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 2, advancePaid: order.total, paidOnline: order.total });
    await expectBooksBalanced(pay.db);
  });

  it('two starts at once make two attempts with their own invoices', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const both = await Promise.all([start(shopper, order), start(shopper, order)]);
    expect(new Set(both.map((each) => each.payment_id)).size).toBe(2);
    const invoices = (await paymentRows(pay.db, order.id)).map((row) => row.invoice.slice(-2)).sort();
    expect(invoices).toEqual(['P1', 'P2']);
  });
});
