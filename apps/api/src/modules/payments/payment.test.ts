import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { rowsOf } from '../../db/client';
import { expectBooksBalanced } from '../accounts/accounts.fixture';
import { moveOrderStatus, settleAfterCommitWork } from '../orders';
import { stockAndLedger } from '../orders/order.fixture';
import { orders } from '../orders/order.table';
import { admins } from '../staff/admin.table';
import {
  accountNet,
  awaitingOrder,
  choose,
  chooseOnSslcommerz,
  comeBack,
  openPayShop,
  orderRow,
  type PayShop,
  paymentRows,
  postForm,
  start,
} from './payment.fixture';
import { EXPIRED_NOTE, expireOverduePayments } from './payment.job';
import { settlePayment } from './payment.service';
import { paymentCalls } from './payment.table';

let pay: PayShop;
let ownerId: number;
const asOwner = () => actingAs(systemCtx(pay.db), { kind: 'admin', id: ownerId, name: 'Owner' });

beforeAll(async () => {
  pay = await openPayShop();
  const [owner] = await pay.db.select({ id: admins.id }).from(admins).orderBy(admins.id).limit(1);
  ownerId = owner?.id as number;
});
afterAll(async () => {
  await settleAfterCommitWork();
  await pay.close();
});

describe('an order paid online (decision 062)', () => {
  it('paid in full by bKash: the order is confirmed, the payment paid, the money booked into bKash less its fee', async () => {
    const order = await awaitingOrder(pay, 'full');
    expect(order.total).toBe(1_130_00);
    const shopper = await pay.shop.t.browser();

    const page = await shopper.get(`/_public/orders/${order.number}/pay?key=${order.key}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      number: order.number,
      payment_status: 'awaiting',
      purpose: 'full',
      due_online: 1_130_00,
      due_on_delivery: 0,
      // Nagad takes only the delivery charge here.
      gateways: [
        { code: 'bkash', label: 'bKash' },
        { code: 'sslcommerz', label: 'Card or mobile banking (SSLCommerz)' },
      ],
      last_attempt: null,
    });

    // The browser's amount is not a field: the server's is what bKash is asked for.
    const started = await start(shopper, order, { amount: 1, purpose: 'delivery' });
    const back = await choose(started.redirect_url, 'pay');
    expect(back.pathname).toBe(`/api/payments/bkash/return/${started.payment_id}`);
    expect(await comeBack(shopper, back)).toBe(`/order/${order.number}/thanks?paid=1`);

    const [payment] = await paymentRows(pay.db, order.id);
    expect(payment).toMatchObject({
      state: 'paid',
      invoice: `${order.number.replace('-', '')}P1`,
      amount: 1_130_00,
      paidAmount: 1_130_00,
      fee: 20_91, // 1.85% of ৳1,130, rounded
    });
    expect(payment?.trxId).toMatch(/^[A-Z0-9]{10}$/);
    const [bkashAsked] = pay.standIn.state.bkash.payments.values();
    expect(bkashAsked?.amount).toBe('1130.00');

    const row = await orderRow(pay.db, order.id);
    expect(row).toMatchObject({ status: 2, paymentStatus: 'paid', advancePaid: 1_130_00, paidOnline: 1_130_00, paymentDueBy: null });
    const [history] = rowsOf<{ note: string }>(
      await pay.db.execute(sql`select note from order_status_history where order_id = ${order.id} and to_status = 2`),
    );
    expect(history?.note).toBe(`Paid ৳1,130 by bKash (trx ${payment?.trxId})`);

    const ids = { paymentIds: [payment?.id as number], orderId: order.id };
    expect(await accountNet(pay.db, 'bkash', ids)).toBe(1_130_00 - 20_91);
    expect(await accountNet(pay.db, 'bank_charges', ids)).toBe(20_91);
    expect(await accountNet(pay.db, 'customer_advances', ids)).toBe(-1_130_00);
    await expectBooksBalanced(pay.db);

    // Every gateway call is kept with the payment, secrets masked.
    const calls = await pay.db
      .select()
      .from(paymentCalls)
      .where(eq(paymentCalls.paymentId, payment?.id as number));
    expect(calls.map((call) => call.operation)).toEqual(expect.arrayContaining(['create', 'execute']));
    expect(JSON.stringify(await pay.db.select().from(paymentCalls))).not.toContain('standin-app-secret-very-long');

    // Paid: the pay link says so and refuses another start.
    expect((await shopper.get(`/_public/orders/${order.number}/pay?key=${order.key}`)).json()).toMatchObject({
      due_online: 0,
      gateways: [],
    });
    const again = await shopper.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'bkash' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already paid.');

    // A repeated callback changes nothing and asks bKash nothing.
    const callsBefore = pay.standIn.state.calls.length;
    expect(await comeBack(shopper, back)).toBe(`/order/${order.number}/thanks?paid=1`);
    expect(pay.standIn.state.calls.length).toBe(callsBefore);
    expect(await paymentRows(pay.db, order.id)).toEqual([payment]);

    // Staff see it on the order, and its calls.
    const staff = pay.shop.admin;
    const card = await staff.get(`/api/admin/orders/${order.id}/payments`);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().data).toMatchObject({ total: 1_130_00, paid: 1_130_00, to_collect: 0, payment_status: 'paid', pay_link: null });
    expect(card.json().data.payments).toHaveLength(1);
    const log = await staff.get(`/api/admin/payments/${payment?.id}/calls`);
    expect(log.json().data.map((call: { operation: string }) => call.operation)).toEqual(expect.arrayContaining(['create', 'execute']));
  });

  it('the delivery charge in advance, then delivered: the courier collects the rest and the advance is cleared', async () => {
    const order = await awaitingOrder(pay, 'delivery');
    const shopper = await pay.shop.t.browser();
    expect((await shopper.get(`/_public/orders/${order.number}/pay?key=${order.key}`)).json()).toMatchObject({
      due_online: 130_00,
      due_on_delivery: 1_000_00,
    });
    const started = await start(shopper, order);
    expect(await comeBack(shopper, await choose(started.redirect_url, 'pay'))).toBe(`/order/${order.number}/thanks?paid=1`);
    const row = await orderRow(pay.db, order.id);
    expect(row).toMatchObject({ status: 2, paymentStatus: 'partial', advancePaid: 130_00, paidOnline: 130_00 });
    const card = (await pay.shop.admin.get(`/api/admin/orders/${order.id}/payments`)).json().data;
    expect(card).toMatchObject({ paid: 130_00, to_collect: 1_000_00 });

    for (const to of [3, 4, 5] as const) expect((await moveOrderStatus(asOwner(), { orderIds: [order.id], to })).refused).toEqual([]);
    const [payment] = await paymentRows(pay.db, order.id);
    const ids = { paymentIds: [payment?.id as number], orderId: order.id };
    expect(await accountNet(pay.db, 'courier_receivable', ids)).toBe(1_000_00);
    expect(await accountNet(pay.db, 'customer_advances', ids)).toBe(0);
    await expectBooksBalanced(pay.db);
  });

  it('the delivery charge by Nagad: verified with Nagad, its fee from the settings, the order confirmed', async () => {
    const order = await awaitingOrder(pay, 'delivery');
    const shopper = await pay.shop.t.browser();
    const page = (await shopper.get(`/_public/orders/${order.number}/pay?key=${order.key}`)).json();
    expect(page.gateways.map((gateway: { code: string }) => gateway.code)).toEqual(['bkash', 'nagad', 'sslcommerz']);
    const started = await start(shopper, order, { gateway: 'nagad' });
    const back = await choose(started.redirect_url, 'pay');
    expect(back.pathname).toBe(`/api/payments/nagad/return/${started.payment_id}`);
    expect(await comeBack(shopper, back)).toBe(`/order/${order.number}/thanks?paid=1`);
    const [payment] = await paymentRows(pay.db, order.id);
    expect(payment).toMatchObject({ gateway: 'nagad', state: 'paid', paidAmount: 130_00, fee: 1_94 }); // 1.49%
    const ids = { paymentIds: [payment?.id as number], orderId: order.id };
    expect(await accountNet(pay.db, 'nagad', ids)).toBe(130_00 - 1_94);
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 2, paymentStatus: 'partial', advancePaid: 130_00 });
    await expectBooksBalanced(pay.db);
  });

  it('a cancelled payment, then a successful retry: the pay page says so and the second attempt pays', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const first = await start(shopper, order);
    const cancelledAt = await comeBack(shopper, await choose(first.redirect_url, 'cancel'));
    expect(cancelledAt).toBe(`/pay/${order.number}?key=${order.key}&failed=1`);
    const page = (await shopper.get(`/_public/orders/${order.number}/pay?key=${order.key}`)).json();
    expect(page).toMatchObject({ due_online: 1_130_00, last_attempt: { state: 'cancelled' } });
    expect((await orderRow(pay.db, order.id)).status).toBe(1);

    const second = await start(shopper, order);
    expect(await comeBack(shopper, await choose(second.redirect_url, 'pay'))).toBe(`/order/${order.number}/thanks?paid=1`);
    const attempts = await paymentRows(pay.db, order.id);
    expect(attempts.map((attempt) => [attempt.invoice.slice(-2), attempt.state])).toEqual([
      ['P1', 'cancelled'],
      ['P2', 'paid'],
    ]);
    expect((await orderRow(pay.db, order.id)).status).toBe(2);
  });

  it('a failed execute: the payment fails, the order still awaits and nothing is booked', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order);
    const back = await choose(started.redirect_url, 'pay');
    pay.standIn.state.failNextExecute = { statusCode: '2023', statusMessage: 'Insufficient Balance' };
    expect(await comeBack(shopper, back)).toBe(`/pay/${order.number}?key=${order.key}&failed=1`);
    const [payment] = await paymentRows(pay.db, order.id);
    expect(payment).toMatchObject({ state: 'failed', message: 'Insufficient Balance', paidAmount: 0, entryId: null });
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 1, paymentStatus: 'awaiting', advancePaid: 0 });
    const [entries] = rowsOf<{ n: number }>(
      await pay.db.execute(
        sql`select count(*)::int as n from journal_entries where source_type = 'payment' and source_id = ${payment?.id}`,
      ),
    );
    expect(entries?.n).toBe(0);
  });

  it('an abandoned payment: the expiry job asks bKash, cancels the order and releases its stock', async () => {
    const before = await stockAndLedger(pay.shop.t, pay.item.variantId);
    const order = await awaitingOrder(pay, 'full', { quantity: 2 });
    expect((await stockAndLedger(pay.shop.t, pay.item.variantId)).stock).toBe(before.stock - 2);
    const shopper = await pay.shop.t.browser();
    await start(shopper, order); // the shopper never comes back
    // Not due yet: nothing happens.
    expect(await expireOverduePayments(systemCtx(pay.db), pay.shop.t.config)).toEqual({ paid: 0, cancelled: 0, waiting: 0 });
    await pay.db
      .update(orders)
      .set({ paymentDueBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    const queries = () => pay.standIn.state.calls.filter((call) => call.path.endsWith('/payment/status')).length;
    const asked = queries();
    expect(await expireOverduePayments(systemCtx(pay.db), pay.shop.t.config)).toMatchObject({ cancelled: 1 });
    expect(queries()).toBe(asked + 1);
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 7, paymentDueBy: null, paymentStatus: 'unpaid' });
    expect((await paymentRows(pay.db, order.id)).map((row) => row.state)).toEqual(['cancelled']);
    const [history] = rowsOf<{ note: string }>(
      await pay.db.execute(sql`select note from order_status_history where order_id = ${order.id} and to_status = 7`),
    );
    expect(history?.note).toBe(EXPIRED_NOTE);
    expect(await stockAndLedger(pay.shop.t, pay.item.variantId)).toEqual(before);
    // The pay link now refuses.
    const late = await shopper.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'bkash' });
    expect(late.statusCode).toBe(409);
  });

  it('a payment whose return never came is found paid by the expiry job and confirms its order', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order);
    await choose(started.redirect_url, 'pay'); // paid at bKash, the browser closed before coming back
    // bKash completes an authorised payment only when executed; the stand-in's status says Authorized → still pending.
    const payment = pay.standIn.state.bkash.payments.get((await paymentRows(pay.db, order.id))[0]?.providerRef as string);
    if (payment) {
      payment.state = 'Completed';
      payment.trxID = 'BKLATE0001';
      payment.executeTime = new Date().toISOString();
    }
    await pay.db
      .update(orders)
      .set({ paymentDueBy: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    expect(await expireOverduePayments(systemCtx(pay.db), pay.shop.t.config)).toMatchObject({ paid: 1, cancelled: 0 });
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 2, paymentStatus: 'paid' });
  });

  it('refuses a wrong key (404), a gateway that does not take what is due (422 on gateway) and nothing due (409)', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    expect((await shopper.get(`/_public/orders/${order.number}/pay?key=wrong-key-0000000000`)).statusCode).toBe(404);
    expect((await shopper.post(`/_public/orders/${order.number}/pay`, { key: 'x'.repeat(22), gateway: 'bkash' })).statusCode).toBe(404);
    // Nagad takes only the delivery charge here; this order is paid in full.
    const notFull = await shopper.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'nagad' });
    expect(notFull.statusCode).toBe(422);
    expect(notFull.json().errors.gateway).toEqual(['This way to pay does not take full payments here: choose another']);
    const bad = await shopper.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'paypal' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.gateway).toBeDefined();

    // Cancelled by staff: nothing is due.
    expect((await moveOrderStatus(asOwner(), { orderIds: [order.id], to: 7 })).refused).toEqual([]);
    const cancelled = await shopper.post(`/_public/orders/${order.number}/pay`, { key: order.key, gateway: 'bkash' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('This order was cancelled.');
    expect(await paymentRows(pay.db, order.id)).toEqual([]);
  });

  it('staff send the pay link by SMS while the order awaits its payment, and check a payment with the gateway', async () => {
    const order = await awaitingOrder(pay, 'delivery');
    const staff = pay.shop.admin;
    const card = (await staff.get(`/api/admin/orders/${order.id}/payments`)).json().data;
    expect(card.pay_link).toBe(`/pay/${order.number}?key=${order.key}`);
    const sent = await staff.post(`/api/admin/orders/${order.id}/payments/link-sms`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = rowsOf<{ message: string }>(
      await pay.db.execute(sql`select message from sms_log where message like ${`%${order.number}%`} order by id desc limit 1`),
    );
    expect(sms?.message).toContain(`/pay/${order.number}?key=${order.key}`);
    expect(sms?.message).toContain('৳130');

    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order);
    const checked = await staff.post(`/api/admin/payments/${started.payment_id}/check`, {});
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data.state).toBe('initiated');
    await choose(started.redirect_url, 'cancel');
    const afterCancel = await staff.post(`/api/admin/payments/${started.payment_id}/check`, {});
    expect(afterCancel.json().data.state).toBe('cancelled');
    const [row] = await pay.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id)));
    expect(row?.status).toBe(1);
  });
});

describe('SSLCommerz (decision 062)', () => {
  it('paid by card: the IPN is validated with SSLCommerz, its own fee booked; the return after it changes nothing', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order, { gateway: 'sslcommerz' });
    const back = await chooseOnSslcommerz(started.redirect_url, 'pay');
    expect(back.path).toBe(`/api/payments/sslcommerz/return/${started.payment_id}`);

    // The stand-in's IPN could not reach this app (it has no port): post what it sent, as SSLCommerz's server would.
    const [ipn] = pay.standIn.state.sslcommerz.ipns;
    expect(ipn?.url).toMatch(/\/api\/payments\/sslcommerz\/ipn$/);
    const notified = await postForm(pay, '/api/payments/sslcommerz/ipn', ipn?.fields ?? {});
    expect(notified.statusCode, notified.body).toBe(200);
    const [payment] = await paymentRows(pay.db, order.id);
    expect(payment).toMatchObject({ state: 'paid', paidAmount: 1_130_00, fee: 28_25 }); // 2.5%, SSLCommerz's amount − store_amount
    expect(payment?.extra.val_id).toBeTruthy();
    const ids = { paymentIds: [payment?.id as number], orderId: order.id };
    expect(await accountNet(pay.db, 'sslcommerz', ids)).toBe(1_130_00 - 28_25);
    expect(await accountNet(pay.db, 'bank_charges', ids)).toBe(28_25);

    // The shopper's browser posts the return after: the thank-you page, and nothing more is written.
    const returned = await postForm(pay, back.path, back.fields);
    expect(returned.statusCode, returned.body).toBe(303);
    expect(returned.headers.location).toBe(`/order/${order.number}/thanks?paid=1`);
    expect(await paymentRows(pay.db, order.id)).toEqual([payment]);
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 2, paymentStatus: 'paid' });
    await expectBooksBalanced(pay.db);
  });

  it('a forged IPN is not believed: a made-up validation id pays nothing, a forged amount is replaced by the validated one', async () => {
    const order = await awaitingOrder(pay, 'full');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order, { gateway: 'sslcommerz' });
    const [attempt] = await paymentRows(pay.db, order.id);
    const forged = await postForm(pay, '/api/payments/sslcommerz/ipn', {
      tran_id: attempt?.invoice as string,
      status: 'VALID',
      val_id: '2311271234560FORGED01',
      amount: '1130.00',
      store_amount: '1130.00',
    });
    expect(forged.statusCode).toBe(200);
    expect((await paymentRows(pay.db, order.id))[0]?.state).toBe('initiated');
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 1, paymentStatus: 'awaiting', advancePaid: 0 });

    // The shopper pays; the IPN says ৳1: the validation API's true amount is what is recorded.
    pay.standIn.state.forgeIpnAmount = '1.00';
    const back = await chooseOnSslcommerz(started.redirect_url, 'pay');
    pay.standIn.state.forgeIpnAmount = null;
    const ipn = pay.standIn.state.sslcommerz.ipns.at(-1);
    expect(ipn?.fields.amount).toBe('1.00');
    await postForm(pay, '/api/payments/sslcommerz/ipn', ipn?.fields ?? {});
    expect((await paymentRows(pay.db, order.id))[0]).toMatchObject({ state: 'paid', paidAmount: 1_130_00 });
    expect((await postForm(pay, back.path, back.fields)).headers.location).toBe(`/order/${order.number}/thanks?paid=1`);
  });

  it('a cancel on SSLCommerz’s page comes back to the pay page; an amount that is not ours is never confirmed', async () => {
    const order = await awaitingOrder(pay, 'delivery');
    const shopper = await pay.shop.t.browser();
    const started = await start(shopper, order, { gateway: 'sslcommerz' });
    const back = await chooseOnSslcommerz(started.redirect_url, 'cancel');
    const returned = await postForm(pay, back.path, back.fields);
    expect(returned.headers.location).toBe(`/pay/${order.number}?key=${order.key}&failed=1`);
    expect((await paymentRows(pay.db, order.id))[0]?.state).toBe('cancelled');

    // A gateway answer for less than asked (whatever its cause) is recorded failed and flagged, never paid.
    const again = await start(shopper, order, { gateway: 'sslcommerz' });
    const settled = await settlePayment(systemCtx(pay.db), again.payment_id, {
      state: 'paid',
      providerRef: null,
      trxId: 'BANK1',
      amount: 10_00,
      fee: 0,
      message: 'Valid',
      raw: {},
    });
    expect(settled.payment).toMatchObject({ state: 'failed', paidAmount: 10_00, entryId: null });
    expect(settled.payment.extra.flag).toBe('amount_mismatch');
    expect(settled.payment.message).toContain('not the ৳130 asked');
    expect(await orderRow(pay.db, order.id)).toMatchObject({ status: 1, paymentStatus: 'awaiting', advancePaid: 0 });
  });
});
