import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { accountIdFor } from '../accounts';
import { bookEntries, expectBooksBalanced, fundShopBalances } from '../accounts/accounts.fixture';
import { sendSmsBatch } from './sms.service';
import { smsLog } from './sms-log.table';

/**
 * The shop's SMS spending (decision 054): what the gateway charges for the messages it accepts is booked as
 * SMS cost against the prepaid SMS balance, one entry per sending batch; a top-up pays the gateway from a balance.
 */

/** A gateway that accepts every number but 01799999999 (code 1001). */
function startGateway(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      const code = fields.number?.endsWith('99999999') ? 1001 : 202;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: code }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/api/smsapi`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let t: TestApp;
let owner: TestBrowser;
let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  [t, gateway] = await Promise.all([createTestApp(), startGateway()]);
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

const context = () => ({ db: t.database.db, config: t.config });
const smsEntries = () => bookEntries(t.database.db, sql`e.source in ('sms.sent', 'sms.top_up')`);

describe('the shop’s SMS cost (decision 054)', () => {
  it('books nothing while no gateway is set up or the cost per SMS is zero', async () => {
    await sendSmsBatch(context(), [{ to: ['01712345678'], message: 'Logged only', purpose: 'order_placed' }]);
    const saved = await owner.put('/api/admin/settings/sms', {
      enabled: true,
      gateway_url: gateway.url,
      api_key: 'good-key-1234567890',
      sender_id: '8809617611082',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sendSmsBatch(context(), [{ to: ['01712345678'], message: 'Free', purpose: 'order_placed' }]);
    expect(await smsEntries()).toEqual([]);
  });

  it('books what the gateway accepted — parts × numbers × the cost — as one entry for the batch', async () => {
    const saved = await owner.put('/api/admin/settings/sms', { enabled: true, cost_per_sms: 35 });
    expect(saved.statusCode, saved.body).toBe(200);
    const long = 'Eid offer: '.padEnd(200, 'x'); // 2 parts
    const outcomes = await sendSmsBatch(context(), [
      { to: ['01712345678'], message: 'Your order A-1 is placed.', purpose: 'order_placed' },
      { to: ['01799999999'], message: 'Your order A-2 is placed.', purpose: 'order_placed' },
      { to: ['01812345678', '01912345678'], message: long, purpose: 'campaign' },
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'failed', 'sent']);
    const rows = await t.database.db
      .select({ cost: smsLog.cost, entryId: smsLog.entryId })
      .from(smsLog)
      .where(
        inArray(
          smsLog.id,
          outcomes.map((outcome) => outcome.logId),
        ),
      )
      .orderBy(smsLog.id);
    expect(rows.map((row) => row.cost)).toEqual([35, 0, 2 * 2 * 35]);
    expect(rows[0]?.entryId).toBeTruthy();
    expect(rows[2]?.entryId).toBe(rows[0]?.entryId);
    expect(rows[1]?.entryId).toBeNull();
    expect(await smsEntries()).toEqual([{ source: 'sms.sent', lines: { sms_prepaid: -175, sms_cost: 175 } }]);
    await expectBooksBalanced(t.database.db);
  });

  it('a top-up pays the gateway from a balance (422 on balance_id when it holds too little); the screen shows the prepaid balance', async () => {
    const cash = await accountIdFor(t.database.db, 'cash');
    const short = await owner.post('/api/admin/sms/top-ups', { date: '2026-11-20', balance_id: cash, amount: 500_00 });
    expect(short.statusCode, short.body).toBe(422);
    expect(Object.keys(short.json().errors)).toEqual(['balance_id']);
    const bad = await owner.post('/api/admin/sms/top-ups', { date: 'soon', balance_id: 0, amount: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'balance_id', 'date']);

    await fundShopBalances(t.database.db, 1_000_00);
    const paid = await owner.post('/api/admin/sms/top-ups', { date: '2026-11-20', balance_id: cash, amount: 500_00, reference: 'INV-77' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ amount: 500_00, balance_name: 'Cash', reference: 'INV-77' });
    expect((await smsEntries()).at(-1)).toEqual({ source: 'sms.top_up', lines: { cash: -500_00, sms_prepaid: 500_00 } });

    const account = await owner.get('/api/admin/sms/gateway-account');
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().data).toMatchObject({ cost_per_sms: 35, prepaid_balance: 500_00 - 175 });
    expect(account.json().data.top_ups[0]).toMatchObject({ amount: 500_00, reference: 'INV-77' });
    const [last] = await t.database.db.select().from(smsLog).orderBy(desc(smsLog.id)).limit(1);
    expect(last).toBeTruthy();
    await expectBooksBalanced(t.database.db);
  });
});
