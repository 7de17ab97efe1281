import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCtx } from '../../context';
import { shopDay } from '../accounts';
import { paymentReconciliationItems, payments } from './payment.table';
import { awaitingPhoneOrder, openPaymentShop, type PaymentShop, paidOrder, startPay } from './payment-admin.fixture';

/**
 * Reconciliation (decision 062; issue 21 §5) against the bKash stand-in: a query run flags a payment we hold as
 * paid that bKash does not know and one whose amount differs; a settlement report flags a line we lack; a
 * person resolves what was flagged with a note.
 */
let ps: PaymentShop;
let today: string;

beforeAll(async () => {
  ps = await openPaymentShop();
  today = await shopDay(systemCtx(ps.db));
});
afterAll(async () => ps.close());

type Item = {
  id: number;
  flag: string;
  payment_id: number | null;
  reference: string;
  our_amount: number | null;
  their_amount: number | null;
};

/** A settlement report as a multipart upload (`file`), the way the web's import dialog sends it. */
function upload(csv: string, gateway = 'bkash') {
  const boundary = '----haat-reconcile-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="settlement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ps.shop.admin.request('POST', `/api/admin/payments/reconciliations/report?gateway=${gateway}`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

describe('reconciliation with bKash', () => {
  let gone: Awaited<ReturnType<typeof paidOrder>>;
  let altered: Awaited<ReturnType<typeof paidOrder>>;
  let fine: Awaited<ReturnType<typeof paidOrder>>;

  it('a query run flags a payment bKash does not know and an amount that differs; a young unpaid attempt is left alone', async () => {
    gone = await paidOrder(ps);
    altered = await paidOrder(ps);
    fine = await paidOrder(ps);
    // A shopper still on the pay page: initiated, younger than the hold.
    await startPay(ps, await awaitingPhoneOrder(ps));

    // bKash loses one payment and records another at ৳1,000 instead of ৳1,070.
    ps.standIn.state.bkash.payments.delete(gone.payment.providerRef as string);
    const atGateway = ps.standIn.state.bkash.payments.get(altered.payment.providerRef as string);
    if (atGateway) atGateway.amount = '1000.00';

    const run = await ps.shop.admin.post('/api/admin/payments/reconciliations', { gateway: 'bkash', from: today, to: today });
    expect(run.statusCode, run.body).toBe(201);
    const result = run.json().data;
    expect(result.run).toMatchObject({
      gateway: 'bkash',
      source: 'query',
      from: today,
      to: today,
      checked: 3,
      matched: 1,
      flagged: 2,
      open: 2,
    });
    expect(run.json().message).toBe('3 bKash payments checked, 2 flagged.');
    const flags = result.items.map((item: Item) => [item.flag, item.payment_id, item.our_amount, item.their_amount]);
    expect(flags).toEqual([
      ['missing_at_gateway', gone.payment.id, 1_070_00, null],
      ['amount_mismatch', altered.payment.id, 1_070_00, 1_000_00],
    ]);
    expect(result.items[0]).toMatchObject({
      order_id: gone.order.id,
      order_number: gone.order.number,
      their_state: 'failed',
      resolved_at: null,
    });

    // The runs list (declared, read-only): the run with what is still open, by gateway and status.
    const runs = await ps.shop.admin.get('/api/admin/payments/reconciliations?page=1&per_page=10');
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json()).toMatchObject({ data: [{ id: result.run.id, flagged: 2, open: 2 }], total: 1, current_page: 1 });
    const withOpen = await ps.shop.admin.get(
      `/api/admin/payments/reconciliations?filter[gateway]=bkash&filter[status]=open&filter[from]=${today}`,
    );
    expect(withOpen.json().data.map((each: { id: number }) => each.id)).toEqual([result.run.id]);
    expect((await ps.shop.admin.get('/api/admin/payments/reconciliations?filter[gateway]=nagad')).json().data).toEqual([]);
    expect((await ps.shop.admin.get('/api/admin/payments/reconciliations?filter[status]=clean')).json().data).toEqual([]);

    // The missing payment shows in the flagged items list, unresolved, found by its order number.
    const missing = await ps.shop.admin.get(
      `/api/admin/payments/reconciliations/items?filter[resolved]=false&filter[flag]=missing_at_gateway&q=${encodeURIComponent(gone.order.number)}`,
    );
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().data).toMatchObject([{ payment_id: gone.payment.id, order_number: gone.order.number, gateway: 'bkash' }]);
  });

  it('refuses a run over days that do not make sense, naming the field', async () => {
    const backwards = await ps.shop.admin.post('/api/admin/payments/reconciliations', { gateway: 'bkash', from: today, to: '2020-01-01' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The last day is before the first'] });
    const noGateway = await ps.shop.admin.post('/api/admin/payments/reconciliations', { gateway: 'paypal', from: today, to: today });
    expect(noGateway.statusCode).toBe(422);
    expect(Object.keys(noGateway.json().errors)).toEqual(['gateway']);
  });

  it('a settlement report flags a line we lack, an amount that differs, and our paid payment it leaves out', async () => {
    const csv = [
      'trxID,merchantInvoiceNumber,amount,date',
      `${fine.payment.trxId},${fine.payment.invoice},1070.00,${today} 10:15:00`,
      `${altered.payment.trxId},${altered.payment.invoice},"1,000.00",${today} 11:02:00`,
      `BK7Q2ZX9LM,HB999999P1,450.00,${today} 12:40:00`,
    ].join('\n');
    const answer = await upload(csv);
    expect(answer.statusCode, answer.body).toBe(201);
    const result = answer.json().data;
    expect(result.run).toMatchObject({ source: 'report', from: today, to: today, checked: 3 });
    const byFlag = (flag: string) => result.items.filter((item: Item) => item.flag === flag);
    expect(byFlag('missing_here')).toMatchObject([{ reference: 'BK7Q2ZX9LM', payment_id: null, their_amount: 450_00, our_amount: null }]);
    expect(byFlag('amount_mismatch')).toMatchObject([{ payment_id: altered.payment.id, our_amount: 1_070_00, their_amount: 1_000_00 }]);
    // The payment bKash lost is ours as paid that day and not in the report.
    expect(byFlag('missing_at_gateway').map((item: Item) => item.payment_id)).toEqual([gone.payment.id]);
    expect(result.items.some((item: Item) => item.payment_id === fine.payment.id)).toBe(false);
  });

  it('refuses a report it cannot read, naming the lines, and records nothing', async () => {
    const before = (await ps.db.select().from(paymentReconciliationItems)).length;
    const noAmount = await upload('trx_id,invoice\nABC,HB1P1\n');
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().errors.file[0]).toContain('an amount column');
    const badLines = await upload('bank_tran_id,tran_id,amount\nX1,HB1P1,abc\n,,10\n', 'bkash');
    expect(badLines.statusCode).toBe(422);
    expect(badLines.json().report).toEqual([
      { row: 2, errors: { amount: ['Enter the amount in taka, e.g. 1250.50'] } },
      { row: 3, errors: { trx_id: ['Give the transaction id or the invoice'] } },
    ]);
    expect((await ps.db.select().from(paymentReconciliationItems)).length).toBe(before);
  });

  it('an unresolved item is resolved with a note, once, and leaves the unresolved list', async () => {
    const open = await ps.shop.admin.get('/api/admin/payments/reconciliations/items?filter[resolved]=false&per_page=100');
    expect(open.statusCode, open.body).toBe(200);
    const items = open.json().data as Item[];
    expect(items.map((item) => item.flag).sort()).toEqual([
      'amount_mismatch',
      'amount_mismatch',
      'missing_at_gateway',
      'missing_at_gateway',
      'missing_here',
    ]);
    const stranger = items.find((item) => item.flag === 'missing_here') as Item;

    const noNote = await ps.shop.admin.post(`/api/admin/payments/reconciliations/items/${stranger.id}/resolve`, {});
    expect(noNote.statusCode).toBe(422);
    expect(Object.keys(noNote.json().errors)).toEqual(['note']);
    const resolved = await ps.shop.admin.post(`/api/admin/payments/reconciliations/items/${stranger.id}/resolve`, {
      note: 'Another shop’s payment on our merchant number; bKash moved it',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      id: stranger.id,
      note: 'Another shop’s payment on our merchant number; bKash moved it',
      resolved_by: expect.any(String),
      resolved_at: expect.any(String),
    });
    const again = await ps.shop.admin.post(`/api/admin/payments/reconciliations/items/${stranger.id}/resolve`, { note: 'Again' });
    expect(again.statusCode).toBe(409);
    const stillOpen = (await ps.shop.admin.get('/api/admin/payments/reconciliations/items?filter[resolved]=false&per_page=100')).json();
    expect(stillOpen.total).toBe(4);
    expect(stillOpen.data.some((item: Item) => item.id === stranger.id)).toBe(false);
    const done = (await ps.shop.admin.get('/api/admin/payments/reconciliations/items?filter[resolved]=true')).json();
    expect(done.data).toMatchObject([
      { id: stranger.id, flag: 'missing_here', note: 'Another shop’s payment on our merchant number; bKash moved it' },
    ]);
    // The CSV of what the run flagged names the line and its kind in words.
    const csv = await ps.shop.admin.get(
      `/api/admin/payments/reconciliations/items/export.csv?filter[run]=${done.data[0].reconciliation_id}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Their amount');
    expect(csv.body).toContain('BK7Q2ZX9LM');
    expect(csv.body).toContain('Missing here');
    const [row] = await ps.db.select().from(paymentReconciliationItems).where(eq(paymentReconciliationItems.id, stranger.id));
    expect(row?.resolvedAt).not.toBeNull();
    expect((await ps.shop.admin.post('/api/admin/payments/reconciliations/items/999999/resolve', { note: 'Nothing' })).statusCode).toBe(
      404,
    );
  });

  it('lists the payments as a declared resource, by gateway and state, with CSV', async () => {
    const list = await ps.shop.admin.get('/api/admin/payments?filter[gateway]=bkash&filter[state]=paid&per_page=50');
    expect(list.statusCode, list.body).toBe(200);
    const ids = list.json().data.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([gone.payment.id, altered.payment.id, fine.payment.id]));
    expect(list.json().data[0]).toMatchObject({ gateway: 'bkash', state: 'paid', order_number: expect.stringMatching(/^[A-Z]+-\d+$/) });
    const initiated = await ps.shop.admin.get('/api/admin/payments?filter[state]=initiated');
    expect(initiated.json().data).toHaveLength(1);
    const byNumber = await ps.shop.admin.get(`/api/admin/payments?q=${encodeURIComponent(fine.order.number)}`);
    expect(byNumber.json().data.map((row: { id: number }) => row.id)).toEqual([fine.payment.id]);
    const csv = await ps.shop.admin.get('/api/admin/payments/export.csv?filter[state]=paid');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(fine.payment.invoice);
    expect(csv.body.split('\n')[0]).toContain('Transaction id');
    const [stored] = await ps.db.select().from(payments).where(eq(payments.id, fine.payment.id));
    expect(stored?.state).toBe('paid');
  });
});
