import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkSmsBdProvider } from '../../integrations/sms/bulksmsbd';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { sendSmsBatch } from './sms.service';
import { smsLog } from './sms-log.table';

/** What the fake gateway was sent. */
interface GatewayCall {
  method: string;
  fields: Record<string, string>;
}

/**
 * A local stand-in for a BulkSMSBD-style gateway: answers `{response_code: 202}` for a good key
 * and number, 1007 for a key without balance, 1001 for a number it cannot deliver to, the bare
 * code "1032" (no JSON) for the key `plain-text`, and never answers for the key `hang`.
 */
function startFakeGateway(): Promise<{ url: string; calls: GatewayCall[]; close: () => Promise<void> }> {
  const calls: GatewayCall[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      calls.push({ method: request.method ?? '', fields });
      if (fields.api_key === 'hang') return;
      if (fields.api_key === 'plain-text') {
        response.writeHead(200, { 'content-type': 'text/plain' }).end('1032');
        return;
      }
      const answer = (code: number, extra: Record<string, unknown> = {}) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_code: code, ...extra }));
      if (!fields.api_key || !fields.senderid || !fields.number || !fields.message) return answer(1003, { error_message: 'Missing' });
      if (fields.api_key === 'no-balance') return answer(1007, { error_message: 'Balance Insufficient' });
      if (!fields.number.split(',').every((number) => /^8801[3-9]\d{8}$/.test(number)) || fields.number.endsWith('99999999')) {
        return answer(1001, { error_message: 'Invalid Number' });
      }
      return answer(202, { message_id: 4242, success_message: 'SMS Submitted Successfully' });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/api/smsapi`,
        calls,
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
let gateway: Awaited<ReturnType<typeof startFakeGateway>>;
beforeAll(async () => {
  [t, gateway] = await Promise.all([createTestApp(), startFakeGateway()]);
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});

async function lastLog() {
  const [row] = await t.database.db.select().from(smsLog).orderBy(desc(smsLog.id)).limit(1);
  return row;
}

describe('Send test SMS', () => {
  it('writes to the SMS log when no gateway is set up', async () => {
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '01712345678' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ result: { status: 'logged' } });
    expect(response.json().message).toContain('SMS log');
    expect(await lastLog()).toMatchObject({
      recipients: '8801712345678',
      status: 'logged',
      purpose: 'test',
      gateway: null,
      message: 'Test message from Haat: your SMS gateway works.',
    });
    expect(gateway.calls).toHaveLength(0);
  });

  it('refuses a number that is not a Bangladeshi mobile number', async () => {
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '12345' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('phone');
  });

  it('sends through the configured gateway with api_key, senderid, number and message', async () => {
    const saved = await owner.put('/api/admin/settings/sms', {
      enabled: true,
      gateway_url: gateway.url,
      api_key: 'good-key-1234567890',
      sender_id: '8809617611082',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '+88 01812-345678' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Test SMS sent to 01812345678.', result: { status: 'sent', code: '202' } });
    expect(gateway.calls.at(-1)).toEqual({
      method: 'POST',
      fields: {
        api_key: 'good-key-1234567890',
        type: 'text',
        senderid: '8809617611082',
        number: '8801812345678',
        message: 'Test message from Haat: your SMS gateway works.',
      },
    });
    expect(await lastLog()).toMatchObject({ status: 'sent', responseCode: '202', gateway: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
  });

  it('reports the gateway’s failure code and reason, and logs it', async () => {
    await owner.put('/api/admin/settings/sms', { api_key: 'no-balance' });
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '01712345678' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('The SMS gateway did not send it: Balance insufficient (code 1007).');
    expect(response.json().result).toMatchObject({ status: 'failed', code: '1007' });
    expect(await lastLog()).toMatchObject({ status: 'failed', responseCode: '1007', error: 'Balance insufficient' });

    await owner.put('/api/admin/settings/sms', { api_key: 'good-key-1234567890' });
    const invalid = await owner.post('/api/admin/settings/sms/test', { phone: '01799999999' });
    expect(invalid.statusCode).toBe(502);
    expect(invalid.json().result).toMatchObject({ code: '1001', reason: 'Invalid number' });
  });

  it('reads a bare numeric answer too', async () => {
    await owner.put('/api/admin/settings/sms', { api_key: 'plain-text' });
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '01712345678' });
    expect(response.json().result).toMatchObject({ status: 'failed', code: '1032', reason: 'IP address not whitelisted at the gateway' });
  });

  it('goes back to the log when the gateway is switched off', async () => {
    const calls = gateway.calls.length;
    await owner.put('/api/admin/settings/sms', { enabled: false });
    const response = await owner.post('/api/admin/settings/sms/test', { phone: '01712345678' });
    expect(response.json().result.status).toBe('logged');
    expect(gateway.calls).toHaveLength(calls);
  });
});

describe('sending a batch', () => {
  const context = () => ({ db: t.database.db, config: t.config });

  async function logRows(ids: number[]) {
    return t.database.db
      .select({
        id: smsLog.id,
        recipients: smsLog.recipients,
        message: smsLog.message,
        purpose: smsLog.purpose,
        status: smsLog.status,
        gateway: smsLog.gateway,
        responseCode: smsLog.responseCode,
        error: smsLog.error,
        adminId: smsLog.adminId,
      })
      .from(smsLog)
      .where(inArray(smsLog.id, ids))
      .orderBy(asc(smsLog.id));
  }

  it('sends each message through the gateway and logs each with its own outcome, in order', async () => {
    await owner.put('/api/admin/settings/sms', { enabled: true, api_key: 'good-key-1234567890' });
    const calls = gateway.calls.length;
    const outcomes = await sendSmsBatch(context(), [
      { to: ['01712345678'], message: 'Your order A-1 is placed.', purpose: 'order_placed' },
      { to: ['01799999999'], message: 'Your order A-2 is placed.', purpose: 'order_placed', adminId: 7 },
      { to: ['+8801812345678', '01912345678'], message: 'Eid offer', purpose: 'campaign' },
    ]);
    expect(outcomes).toMatchObject([
      { status: 'sent', code: '202' },
      { status: 'failed', code: '1001', reason: 'Invalid number' },
      { status: 'sent', code: '202' },
    ]);
    expect(gateway.calls.slice(calls).map((call) => [call.fields.number, call.fields.message])).toEqual([
      ['8801712345678', 'Your order A-1 is placed.'],
      ['8801799999999', 'Your order A-2 is placed.'],
      ['8801812345678,8801912345678', 'Eid offer'],
    ]);
    const host = expect.stringMatching(/^127\.0\.0\.1:\d+$/);
    expect(await logRows(outcomes.map((outcome) => outcome.logId))).toEqual([
      {
        id: outcomes[0]?.logId,
        recipients: '8801712345678',
        message: 'Your order A-1 is placed.',
        purpose: 'order_placed',
        status: 'sent',
        gateway: host,
        responseCode: '202',
        error: null,
        adminId: null,
      },
      {
        id: outcomes[1]?.logId,
        recipients: '8801799999999',
        message: 'Your order A-2 is placed.',
        purpose: 'order_placed',
        status: 'failed',
        gateway: host,
        responseCode: '1001',
        error: 'Invalid number',
        adminId: 7,
      },
      {
        id: outcomes[2]?.logId,
        recipients: '8801812345678,8801912345678',
        message: 'Eid offer',
        purpose: 'campaign',
        status: 'sent',
        gateway: host,
        responseCode: '202',
        error: null,
        adminId: null,
      },
    ]);
  });

  it('only logs the messages when no gateway is set up, and does nothing for no messages', async () => {
    await owner.put('/api/admin/settings/sms', { enabled: false });
    const calls = gateway.calls.length;
    expect(await sendSmsBatch(context(), [])).toEqual([]);
    const outcomes = await sendSmsBatch(context(), [
      { to: ['01712345678'], message: 'First', purpose: 'order_placed' },
      { to: ['01812345678'], message: 'Second', purpose: 'order_placed' },
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['logged', 'logged']);
    expect(
      (await logRows(outcomes.map((outcome) => outcome.logId))).map((row) => [row.recipients, row.message, row.status, row.gateway]),
    ).toEqual([
      ['8801712345678', 'First', 'logged', null],
      ['8801812345678', 'Second', 'logged', null],
    ]);
    expect(gateway.calls).toHaveLength(calls);
  });
});

describe('the BulkSMSBD client', () => {
  it('gives up after its time-out', async () => {
    const provider = bulkSmsBdProvider({ url: gateway.url, apiKey: 'hang', senderId: 'Haat', timeoutMs: 200 });
    const started = Date.now();
    const result = await provider.send({ to: ['8801712345678'], text: 'Hello' });
    expect(result).toMatchObject({ ok: false, code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a gateway that cannot be reached', async () => {
    const provider = bulkSmsBdProvider({ url: 'http://127.0.0.1:9/api/smsapi', apiKey: 'key', senderId: 'Haat', timeoutMs: 2000 });
    expect(await provider.send({ to: ['8801712345678'], text: 'Hello' })).toMatchObject({ ok: false, code: 'unreachable' });
  });
});
