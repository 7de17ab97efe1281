import {
  BD_PHONE,
  parsePhoneList,
  SMS_AUDIENCE_LABELS,
  SMS_PART_RATE_PAISA,
  type SmsAudience,
  type SmsAudienceOption,
  type SmsCampaignStatus,
  type SmsCampaignValues,
  type SmsCampaignView,
  smsCampaignInput,
  smsEstimate,
} from '@haat/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { adminIdOf, type Ctx, inTransaction, systemCtx } from '../../context';
import { type Db, rowsOf } from '../../db/client';
import { holdLease, releaseLease } from '../../db/job-lease';
import { HttpError, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { cityExists } from '../locations';
import { type SettingsConfig, secretsIn } from '../settings';
import { sendSms } from '../sms';
import { adminNames } from '../staff';
import { smsCampaignRecipients, smsCampaigns } from './sms-campaign.table';

/** Numbers per gateway call: BulkSMSBD-style gateways take a comma-separated list in one request. */
export const SMS_CAMPAIGN_BATCH = 100;
/** A breath between batches, so a stop lands quickly and the gateway is not flooded. */
export const SMS_CAMPAIGN_PAUSE_MS = 200;
/** A batch claimed longer ago than this belongs to a worker that died; another worker takes it. */
const STALE_CLAIM = sql`interval '5 minutes'`;
/** What the database checks a stored number against (BD_PHONE). */
const PHONE_PATTERN = BD_PHONE.source;

type CampaignRow = typeof smsCampaigns.$inferSelect;

/**
 * Whether customers can be chosen by city: only once the customers table has a `city_id` (the
 * customer address work adds it). Until then the screen offers all customers, resellers or a list.
 */
export async function customersHaveCity({ db }: Ctx): Promise<boolean> {
  const found = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from information_schema.columns
          where table_schema = current_schema() and table_name = 'customers' and column_name = 'city_id'`,
    ),
  );
  return (found[0]?.n ?? 0) > 0;
}

async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);
}

/** The audiences the screen offers, each with how many distinct mobile numbers it reaches now. */
export async function smsAudiences(ctx: Ctx): Promise<SmsAudienceOption[]> {
  const { db } = ctx;
  const withCity = await customersHaveCity(ctx);
  const [customerCount, resellerCount] = await Promise.all([
    countOf(db, sql`select count(distinct phone) as n from customers where status = 'active' and phone ~ ${PHONE_PATTERN}`),
    countOf(db, sql`select count(distinct phone) as n from resellers where status = 'active' and phone ~ ${PHONE_PATTERN}`),
  ]);
  return [
    { value: 'all_customers', label: SMS_AUDIENCE_LABELS.all_customers, recipients: customerCount, available: true },
    {
      value: 'city',
      label: SMS_AUDIENCE_LABELS.city,
      recipients: null,
      available: withCity,
      ...(withCity ? {} : { note: 'Customers have no city yet; this choice appears once customer addresses record one.' }),
    },
    { value: 'resellers', label: SMS_AUDIENCE_LABELS.resellers, recipients: resellerCount, available: true },
    { value: 'numbers', label: SMS_AUDIENCE_LABELS.numbers, recipients: null, available: true },
  ];
}

/** How many numbers a city's customers have (for the estimate), once customers have a city. */
export async function cityRecipients(ctx: Ctx, cityId: number): Promise<number> {
  if (!(await customersHaveCity(ctx))) return 0;
  return countOf(
    ctx.db,
    sql`select count(distinct phone) as n from customers where status = 'active' and city_id = ${cityId} and phone ~ ${PHONE_PATTERN}`,
  );
}

/** Writes the campaign's recipients (distinct, valid numbers) in one statement per source; returns how many. */
async function addRecipients(tx: Db, campaignId: number, input: SmsCampaignValues): Promise<number> {
  const insertSelect = (source: ReturnType<typeof sql>) =>
    countOf(
      tx,
      sql`with added as (
            insert into sms_campaign_recipients (campaign_id, phone)
            select ${campaignId}, phone from (${source}) as audience group by phone order by min(audience.id)
            returning 1)
          select count(*) as n from added`,
    );
  switch (input.audience) {
    case 'all_customers':
      return insertSelect(sql`select id, phone from customers where status = 'active' and phone ~ ${PHONE_PATTERN}`);
    case 'resellers':
      return insertSelect(sql`select id, phone from resellers where status = 'active' and phone ~ ${PHONE_PATTERN}`);
    case 'city':
      return insertSelect(
        sql`select id, phone from customers where status = 'active' and city_id = ${input.city_id} and phone ~ ${PHONE_PATTERN}`,
      );
    case 'numbers': {
      const { valid } = parsePhoneList(input.numbers);
      for (let start = 0; start < valid.length; start += 1000) {
        await tx.insert(smsCampaignRecipients).values(valid.slice(start, start + 1000).map((phone) => ({ campaignId, phone })));
      }
      return valid.length;
    }
  }
}

/**
 * Records a campaign and its recipients in one transaction and answers its view; the caller starts
 * the sending (SmsCampaignRunner). Refused when the audience reaches nobody.
 */
export async function createSmsCampaign(ctx: Ctx, body: unknown): Promise<SmsCampaignView> {
  const input = smsCampaignInput.parse(body);
  if (input.audience === 'city') {
    if (!(await customersHaveCity(ctx))) {
      throw invalid('audience', 'Customers have no city yet. Choose all customers, resellers or a list of numbers.');
    }
    if (!(await cityExists(ctx.db, input.city_id ?? 0))) throw invalid('city_id', 'Choose a city.');
  }
  const length = smsEstimate(input.message, 0);
  const id = await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await tx
      .insert(smsCampaigns)
      .values({
        name: input.name || `${SMS_AUDIENCE_LABELS[input.audience]}: ${input.message.slice(0, 40)}${input.message.length > 40 ? '…' : ''}`,
        audience: input.audience,
        cityId: input.audience === 'city' ? input.city_id : null,
        message: input.message,
        parts: length.parts,
        unicode: length.unicode,
        rate: SMS_PART_RATE_PAISA,
        estimatedCost: 0,
        total: 0,
        adminId: adminIdOf(txCtx),
        createdAt: txCtx.now,
      })
      .returning({ id: smsCampaigns.id });
    const campaignId = Number(row?.id);
    const total = await addRecipients(tx, campaignId, input);
    if (total === 0) {
      throw new HttpError(422, 'No one in this audience has a mobile number to send to.', { audience: ['No one to send to'] });
    }
    const estimate = smsEstimate(input.message, total);
    await tx.update(smsCampaigns).set({ total, estimatedCost: estimate.cost }).where(eq(smsCampaigns.id, campaignId));
    await recordAudit(txCtx, {
      action: 'send',
      entity: 'sms_campaign',
      entityId: campaignId,
      changes: {
        audience: { before: null, after: SMS_AUDIENCE_LABELS[input.audience] },
        recipients: { before: null, after: total },
        message: { before: null, after: input.message },
        estimated_cost: { before: null, after: estimate.cost },
      },
    });
    return campaignId;
  });
  return smsCampaignView(ctx, id);
}

/**
 * Stops a campaign that is sending: the numbers not yet sent are skipped. A batch already with the
 * gateway still finishes and is counted. Stopping a finished or stopped campaign changes nothing.
 */
export async function stopSmsCampaign(ctx: Ctx, campaignId: number): Promise<SmsCampaignView> {
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [campaign] = await tx.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaignId)).for('update');
    if (!campaign) throw notFound('The SMS campaign');
    if (campaign.status !== 'sending') return;
    await tx
      .update(smsCampaignRecipients)
      .set({ status: 'skipped' })
      .where(and(eq(smsCampaignRecipients.campaignId, campaignId), eq(smsCampaignRecipients.status, 'pending')));
    await tx.update(smsCampaigns).set({ status: 'stopped', finishedAt: txCtx.now }).where(eq(smsCampaigns.id, campaignId));
    await recordAudit(txCtx, {
      action: 'stop',
      entity: 'sms_campaign',
      entityId: campaignId,
      changes: { status: { before: 'sending', after: 'stopped' } },
    });
  });
  return smsCampaignView(ctx, campaignId);
}

/** Marks a campaign finished once no number waits or is out with a worker. */
async function finishIfDone(db: Db, campaignId: number): Promise<void> {
  await db.execute(
    sql`update sms_campaigns set status = 'finished', finished_at = now()
        where id = ${campaignId} and status = 'sending'
          and not exists (select 1 from sms_campaign_recipients
                          where campaign_id = ${campaignId} and status in ('pending', 'claimed'))`,
  );
}

/**
 * Sends the next batch of a campaign: claims up to `batchSize` waiting numbers (skipping those
 * another process holds, taking back stale claims), sends them in one gateway call — or writes them
 * to the SMS log when no gateway is set up — and counts them as sent or failed.
 * Answers `sent` while there is more to do, `done` when nothing waits, `stopped` if it was stopped.
 */
export async function sendNextBatch(
  ctx: Ctx,
  config: SettingsConfig,
  campaignId: number,
  batchSize = SMS_CAMPAIGN_BATCH,
): Promise<'sent' | 'done' | 'stopped'> {
  const { db } = ctx;
  const [campaign] = await db.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaignId));
  if (campaign?.status !== 'sending') return 'stopped';
  const claimed = rowsOf<{ id: string | number; phone: string }>(
    await db.execute(
      sql`update sms_campaign_recipients set status = 'claimed', claimed_at = now()
          where id in (
            select id from sms_campaign_recipients
            where campaign_id = ${campaignId}
              and (status = 'pending' or (status = 'claimed' and claimed_at < now() - ${STALE_CLAIM}))
            order by id
            limit ${batchSize}
            for update skip locked)
          returning id, phone`,
    ),
  );
  if (claimed.length === 0) {
    await finishIfDone(db, campaignId);
    return 'done';
  }
  const outcome = await sendSms(secretsIn(ctx, config), {
    to: claimed.map((row) => row.phone),
    message: campaign.message,
    purpose: 'campaign',
    adminId: campaign.adminId,
  });
  const ok = outcome.status !== 'failed';
  const ids = claimed.map((row) => Number(row.id));
  await inTransaction(ctx, async ({ db: tx }) => {
    const marked = await tx
      .update(smsCampaignRecipients)
      .set({ status: ok ? 'sent' : 'failed', logId: outcome.logId, error: outcome.status === 'failed' ? outcome.reason : null })
      .where(and(inArray(smsCampaignRecipients.id, ids), eq(smsCampaignRecipients.status, 'claimed')))
      .returning({ id: smsCampaignRecipients.id });
    const n = marked.length;
    await tx
      .update(smsCampaigns)
      .set(ok ? { sent: sql`${smsCampaigns.sent} + ${n}` } : { failed: sql`${smsCampaigns.failed} + ${n}` })
      .where(eq(smsCampaigns.id, campaignId));
  });
  await finishIfDone(db, campaignId);
  return 'sent';
}

export interface RunnerOptions {
  batchSize?: number;
  pauseMs?: number;
  onError?: (error: unknown, campaignId: number) => void;
}

/** How long a process's hold on a campaign it sends lasts without renewal (each batch renews it). */
export const SMS_CAMPAIGN_LEASE_MS = 60_000;

/**
 * Sends campaigns in the background, one loop per campaign, batch after batch until done or
 * stopped. One process sends a campaign at a time (a lease in job_leases; claims also keep two
 * from sending one number twice); campaigns left sending by a stopped process are taken up again
 * on start, or by another process once the lease runs out.
 */
export class SmsCampaignRunner {
  private readonly loops = new Map<number, Promise<void>>();
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: SettingsConfig,
    private readonly options: RunnerOptions = {},
  ) {}

  start(campaignId: number): void {
    if (this.closed || this.loops.has(campaignId)) return;
    const loop = this.run(campaignId)
      .catch((error) => this.options.onError?.(error, campaignId))
      .finally(() => this.loops.delete(campaignId));
    this.loops.set(campaignId, loop);
  }

  /**
   * Sends until done, stopped, or the application closes, while this process holds the campaign's
   * lease (renewed before each batch): when several processes share the database, one sends it.
   */
  private async run(campaignId: number): Promise<void> {
    const { batchSize = SMS_CAMPAIGN_BATCH, pauseMs = SMS_CAMPAIGN_PAUSE_MS } = this.options;
    const lease = `sms-campaign:${campaignId}`;
    try {
      while (!this.closed) {
        if (!(await holdLease(this.db, lease, SMS_CAMPAIGN_LEASE_MS))) return;
        // Nobody asked for this batch in a request: the system sends it, at the batch's own time.
        const step = await sendNextBatch(systemCtx(this.db), this.config, campaignId, batchSize);
        if (step !== 'sent') return;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    } finally {
      await releaseLease(this.db, lease);
    }
  }

  /**
   * Takes up campaigns still marked as sending (on start, then every SMS_CAMPAIGN_LEASE_MS: a
   * campaign whose process died is taken up by another once its lease runs out).
   */
  async resume(): Promise<void> {
    if (this.closed) return;
    const rows = await this.db.select({ id: smsCampaigns.id }).from(smsCampaigns).where(eq(smsCampaigns.status, 'sending'));
    for (const row of rows) this.start(row.id);
    if (!this.timer) {
      this.timer = setInterval(() => void this.resume().catch((error) => this.options.onError?.(error, 0)), SMS_CAMPAIGN_LEASE_MS);
      this.timer.unref();
    }
  }

  /** Lets running batches finish, then stops; campaigns not finished resume on the next start. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.loops.values()]);
  }
}

/** Campaigns as the history and the progress poll show them, with who sent each. */
export async function smsCampaignViews(db: Db, rows: Record<string, unknown>[]): Promise<SmsCampaignView[]> {
  const adminIds = [...new Set(rows.map((row) => row.adminId).filter((id): id is number => typeof id === 'number'))];
  const names = await adminNames(db, adminIds);
  return rows.map((value) => {
    const row = value as CampaignRow;
    return {
      id: row.id,
      name: row.name,
      audience: row.audience as SmsAudience,
      audience_label: SMS_AUDIENCE_LABELS[row.audience as SmsAudience] ?? 'A reseller’s customers',
      message: row.message,
      parts: row.parts,
      unicode: row.unicode,
      rate: row.rate,
      estimated_cost: row.estimatedCost,
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      status: row.status as SmsCampaignStatus,
      admin_name: typeof row.adminId === 'number' ? (names.get(row.adminId) ?? null) : null,
      created_at: new Date(row.createdAt).toISOString(),
      finished_at: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
    };
  });
}

export async function smsCampaignView({ db }: Ctx, campaignId: number): Promise<SmsCampaignView> {
  const [row] = await db.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaignId));
  if (!row) throw notFound('The SMS campaign');
  const [view] = await smsCampaignViews(db, [row]);
  return view as SmsCampaignView;
}

// ---- Resellers' campaigns ----------------------------------------------------------------------

export interface ResellerCampaignRecipient {
  customerId: number;
  name: string;
  phone: string;
}

/**
 * Records a reseller's campaign to their own customers inside the caller's transaction (which
 * also charges it to the reseller's cashbook); the caller starts the sending once it commits.
 */
export async function startResellerSmsCampaign(
  tx: Db,
  campaign: {
    resellerId: number;
    audience: 'reseller_customers' | 'reseller_selected';
    message: string;
    parts: number;
    unicode: boolean;
    rate: number;
    cost: number;
    recipients: ResellerCampaignRecipient[];
  },
): Promise<number> {
  const [row] = await tx
    .insert(smsCampaigns)
    .values({
      name: `${campaign.message.slice(0, 40)}${campaign.message.length > 40 ? '…' : ''}`,
      audience: campaign.audience,
      resellerId: campaign.resellerId,
      message: campaign.message,
      parts: campaign.parts,
      unicode: campaign.unicode,
      rate: campaign.rate,
      estimatedCost: campaign.cost,
      total: campaign.recipients.length,
    })
    .returning({ id: smsCampaigns.id });
  const campaignId = Number(row?.id);
  for (let start = 0; start < campaign.recipients.length; start += 1000) {
    await tx.insert(smsCampaignRecipients).values(
      campaign.recipients.slice(start, start + 1000).map((recipient) => ({
        campaignId,
        phone: recipient.phone,
        customerId: recipient.customerId,
        name: recipient.name,
      })),
    );
  }
  return campaignId;
}

/** A campaign's numbers in the order they were added, with how each went. */
export async function smsCampaignRecipientsOf(db: Db, campaignId: number, page: number, perPage: number) {
  const where = eq(smsCampaignRecipients.campaignId, campaignId);
  const rows = await db
    .select()
    .from(smsCampaignRecipients)
    .where(where)
    .orderBy(smsCampaignRecipients.id)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(smsCampaignRecipients)
    .where(where);
  return { rows, total: counted?.n ?? 0 };
}
