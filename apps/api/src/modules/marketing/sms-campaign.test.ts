import type { SmsCampaignView } from '@haat/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { holdLease } from '../../db/job-lease';
import { auditSince, lastAuditId } from '../../test/audit';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { auditLog } from '../audit/audit.table';
import { customers } from '../customers/customer.table';
import { resellers } from '../resellers/reseller.table';
import { smsLog } from '../sms/sms-log.table';
import { staffWith } from './marketing.fixture';
import { createSmsCampaign, sendNextBatch, stopSmsCampaign } from './sms-campaign.service';
import { smsCampaignRecipients } from './sms-campaign.table';

let t: TestApp;
let owner: TestBrowser;
let db: Db;
let ownerId: number;
/** The owner acting outside a request (the service called directly). */
const asOwner = () => actingAs(systemCtx(db), { kind: 'admin', id: ownerId, name: null });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  ownerId = (await owner.loginAdmin()).admin.id;
  db = t.database.db;
  await db.insert(customers).values([
    { name: 'Ayesha', phone: '01711000001' },
    { name: 'Mahmud', phone: '01811000002' },
    { name: 'Sharmin', phone: '01911000003' },
    { name: 'Blocked', phone: '01511000004', status: 'blocked' },
  ]);
  await db.insert(resellers).values([
    { name: 'Sadia', phone: '01611000005', passwordHash: 'x', status: 'active', slug: 'sadia', referralCode: 'S1' },
    { name: 'Waiting', phone: '01611000006', passwordHash: 'x', status: 'pending', slug: 'waiting', referralCode: 'W1' },
  ]);
});
afterAll(() => t.close());

/** Polls the campaign like the screen does, until it is no longer sending. */
async function waitUntilDone(id: number): Promise<SmsCampaignView> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const view = (await owner.get(`/api/admin/sms-campaigns/${id}`)).json().data as SmsCampaignView;
    if (view.status !== 'sending') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`campaign ${id} did not finish`);
}

describe('SMS campaign audiences and validation', () => {
  it('offers all customers, resellers and a list; a city only once customers have one', async () => {
    const response = await owner.get('/api/admin/sms-campaigns/audiences');
    expect(response.statusCode).toBe(200);
    expect(response.json().audiences).toEqual([
      { value: 'all_customers', label: 'All customers', recipients: 3, available: true },
      {
        value: 'city',
        label: 'Customers of a city',
        recipients: null,
        available: false,
        note: 'Customers have no city yet; this choice appears once customer addresses record one.',
      },
      { value: 'resellers', label: 'All active resellers', recipients: 1, available: true },
      { value: 'numbers', label: 'A pasted list of numbers', recipients: null, available: true },
    ]);
    const city = await owner.post('/api/admin/sms-campaigns', { audience: 'city', city_id: 1, message: 'Hello Dhaka' });
    expect(city.statusCode).toBe(422);
    expect(city.json().errors.audience).toEqual(['Customers have no city yet. Choose all customers, resellers or a list of numbers.']);
  });

  it('names what is wrong: no audience, no message, numbers that are not mobile numbers', async () => {
    const empty = await owner.post('/api/admin/sms-campaigns', { message: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ audience: ['Choose who gets the message'], message: ['Write the message'] });
    const badNumbers = await owner.post('/api/admin/sms-campaigns', {
      audience: 'numbers',
      numbers: '01711000001\n12345, 0171\n01811000002',
      message: 'Hi',
    });
    expect(badNumbers.json().errors.numbers).toEqual(['2 entries are not mobile numbers: 12345, 0171. Fix or remove them.']);
    const none = await owner.post('/api/admin/sms-campaigns', { audience: 'numbers', numbers: ' \n ', message: 'Hi' });
    expect(none.json().errors.numbers).toEqual(['Paste at least one mobile number']);
  });
});

describe('sending', () => {
  it('sends a pasted list in the background to the SMS log, with progress counts and a history', async () => {
    const response = await owner.post('/api/admin/sms-campaigns', {
      audience: 'numbers',
      numbers: '01711000001\n+8801711000001, 01811-000002; 8801911000003',
      message: 'Eid sale: 20% off panjabi this week. Haat Bazar',
    });
    expect(response.statusCode, response.body).toBe(201);
    const started = response.json().data as SmsCampaignView;
    expect(started).toMatchObject({ total: 3, parts: 1, unicode: false, rate: 35, estimated_cost: 105, status: 'sending', sent: 0 });
    expect(response.json().message).toBe('Sending to 3 numbers in the background.');

    const done = await waitUntilDone(started.id);
    expect(done).toMatchObject({ status: 'finished', total: 3, sent: 3, failed: 0, admin_name: expect.any(String) });
    expect(done.finished_at).not.toBeNull();
    const logged = await db.select().from(smsLog).where(eq(smsLog.purpose, 'campaign'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ status: 'logged', recipients: '8801711000001,8801811000002,8801911000003', adminId: ownerId });
    const recipients = await db.select().from(smsCampaignRecipients).where(eq(smsCampaignRecipients.campaignId, started.id));
    expect(recipients.map((row) => [row.phone, row.status])).toEqual([
      ['01711000001', 'sent'],
      ['01811000002', 'sent'],
      ['01911000003', 'sent'],
    ]);

    const history = await owner.get('/api/admin/sms-campaigns');
    expect(history.json()).toMatchObject({
      total: 1,
      data: [{ id: started.id, sent: 3, failed: 0, total: 3, audience_label: 'A pasted list of numbers' }],
    });
    const csv = await owner.get('/api/admin/sms-campaigns/export.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Eid sale: 20% off panjabi this week. Haat Bazar');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'sms_campaign'), eq(auditLog.action, 'send')));
    expect(audit?.changes).toMatchObject({ recipients: { after: 3 } });
  });

  it('sends to every active customer, or to active resellers; Bengali counts as Unicode', async () => {
    const bengali = 'ঈদ মোবারক! এই সপ্তাহে পাঞ্জাবিতে ২০% ছাড়। হাট বাজার থেকে অর্ডার করুন, ক্যাশ অন ডেলিভারি।';
    const response = await owner.post('/api/admin/sms-campaigns', { audience: 'all_customers', message: bengali });
    const started = response.json().data as SmsCampaignView;
    expect(started).toMatchObject({ total: 3, unicode: true, parts: 2, estimated_cost: 3 * 2 * 35 });
    expect((await waitUntilDone(started.id)).sent).toBe(3);
    const toResellers = await owner.post('/api/admin/sms-campaigns', { audience: 'resellers', message: 'New stock arrived' });
    expect(toResellers.json().data.total).toBe(1);
    expect((await waitUntilDone(toResellers.json().data.id)).sent).toBe(1);
  });

  it('counts a batch the gateway refuses as failed', async () => {
    const saved = await owner.put('/api/admin/settings/sms', {
      enabled: true,
      gateway_url: 'http://127.0.0.1:9/api/smsapi',
      api_key: 'unreachable-key',
      sender_id: 'Haat',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const response = await owner.post('/api/admin/sms-campaigns', { audience: 'numbers', numbers: '01711000001', message: 'Hello' });
      const done = await waitUntilDone(response.json().data.id);
      expect(done).toMatchObject({ status: 'finished', sent: 0, failed: 1 });
      const [recipient] = await db.select().from(smsCampaignRecipients).where(eq(smsCampaignRecipients.campaignId, done.id));
      expect(recipient).toMatchObject({ status: 'failed', error: 'The gateway could not be reached' });
    } finally {
      await owner.put('/api/admin/settings/sms', { enabled: false });
    }
  });
});

describe('batches and stopping', () => {
  const numbers = ['01711000101', '01711000102', '01711000103', '01711000104', '01711000105'].join('\n');

  it('counts progress batch by batch until finished', async () => {
    const campaign = await createSmsCampaign(asOwner(), { audience: 'numbers', numbers, message: 'Batch test' });
    const view = async () => (await owner.get(`/api/admin/sms-campaigns/${campaign.id}`)).json().data as SmsCampaignView;
    expect(await sendNextBatch(systemCtx(db), t.config, campaign.id, 2)).toBe('sent');
    expect(await view()).toMatchObject({ status: 'sending', sent: 2, total: 5 });
    expect(await sendNextBatch(systemCtx(db), t.config, campaign.id, 2)).toBe('sent');
    expect(await view()).toMatchObject({ status: 'sending', sent: 4 });
    expect(await sendNextBatch(systemCtx(db), t.config, campaign.id, 2)).toBe('sent');
    expect(await view()).toMatchObject({ status: 'finished', sent: 5, failed: 0 });
    expect(await sendNextBatch(systemCtx(db), t.config, campaign.id, 2)).toBe('stopped');
  });

  it('stops: what was sent stays counted, the rest is skipped', async () => {
    const campaign = await createSmsCampaign(asOwner(), { audience: 'numbers', numbers, message: 'Stop test' });
    await sendNextBatch(systemCtx(db), t.config, campaign.id, 2);
    const stopped = await owner.post(`/api/admin/sms-campaigns/${campaign.id}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ message: 'The campaign was stopped.', data: { status: 'stopped', sent: 2, total: 5 } });
    expect(await sendNextBatch(systemCtx(db), t.config, campaign.id, 2)).toBe('stopped');
    const rows = await db
      .select({ status: smsCampaignRecipients.status })
      .from(smsCampaignRecipients)
      .where(eq(smsCampaignRecipients.campaignId, campaign.id))
      .orderBy(asc(smsCampaignRecipients.id));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'skipped', 'skipped', 'skipped']);
    // Stopping again changes nothing.
    expect((await stopSmsCampaign(asOwner(), campaign.id)).status).toBe('stopped');
  });

  it('leaves a campaign another process is sending to it, and takes it up when that lease runs out', async () => {
    const campaign = await createSmsCampaign(asOwner(), { audience: 'numbers', numbers, message: 'Lease test' });
    const statuses = async () =>
      (
        await db
          .select({ status: smsCampaignRecipients.status })
          .from(smsCampaignRecipients)
          .where(eq(smsCampaignRecipients.campaignId, campaign.id))
      ).map((row) => row.status);
    // Another process (another holder) is sending it, for the next 300 ms.
    expect(await holdLease(db, `sms-campaign:${campaign.id}`, 300, 'another-process')).toBe(true);
    t.app.smsCampaignRunner.start(campaign.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await statuses()).toEqual(['pending', 'pending', 'pending', 'pending', 'pending']);
    // That process died: once its lease runs out, this one takes the campaign up and finishes it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.smsCampaignRunner.resume();
    expect(await waitUntilDone(campaign.id)).toMatchObject({ status: 'finished', sent: 5 });
    expect(await statuses()).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
  });
});

describe('SMS campaign permission', () => {
  it('needs sms.campaign.send for the audiences, the history and sending', async () => {
    const staff = await staffWith(t, owner, ['coupon.view']);
    for (const path of ['/api/admin/sms-campaigns', '/api/admin/sms-campaigns/audiences', '/api/admin/sms-campaigns/1']) {
      const response = await staff.get(path);
      expect(response.statusCode, path).toBe(403);
      expect(response.json().message).toBe('You do not have the "sms.campaign.send" permission.');
    }
    expect((await staff.post('/api/admin/sms-campaigns', { audience: 'resellers', message: 'Hi' })).statusCode).toBe(403);
    const sender = await staffWith(t, owner, ['sms.campaign.send']);
    expect((await sender.get('/api/admin/sms-campaigns')).statusCode).toBe(200);
  });
});

describe('the audit log of SMS campaigns', () => {
  it('records who started a campaign, to whom and what, and who stopped it; a refused start writes no row', async () => {
    const me = (await owner.get('/check/session/admin')).json().admin;
    const mark = await lastAuditId(db);
    const refused = await owner.post('/api/admin/sms-campaigns', { audience: 'numbers', numbers: '12345', message: 'Nobody' });
    expect(refused.statusCode).toBe(422);
    expect(await auditSince(db, mark)).toHaveLength(0);

    const started = await owner.post('/api/admin/sms-campaigns', {
      audience: 'numbers',
      numbers: '01711000201\n01711000202',
      message: 'Audit me',
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.id;
    const stopped = await owner.post(`/api/admin/sms-campaigns/${id}/stop`);
    expect(stopped.statusCode).toBe(200);
    const rows = await auditSince(db, mark);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: me.id,
      actorName: me.name,
      action: 'send',
      entity: 'sms_campaign',
      entityId: String(id),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toMatchObject({
      recipients: { before: null, after: 2 },
      message: { before: null, after: 'Audit me' },
    });
    // The runner may have finished the two numbers first: a stop then changes nothing and writes nothing.
    const stop = rows.filter((row) => row.action === 'stop');
    if (stopped.json().data.status === 'stopped') {
      expect(stop).toHaveLength(1);
      expect(stop[0]).toMatchObject({ actorId: me.id, entityId: String(id), changes: { status: { before: 'sending', after: 'stopped' } } });
    } else expect(stop).toHaveLength(0);
  });
});
