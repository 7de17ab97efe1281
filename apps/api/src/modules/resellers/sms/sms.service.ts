import {
  BD_PHONE,
  formatMoney,
  type Paginator,
  type ResellerSmsCampaignView,
  type ResellerSmsRecipientView,
  type ResellerSmsSummary,
  resellerSmsCampaignInput,
  resellerSmsEstimate,
} from '@haat/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Ctx, inTransaction } from '../../../context';
import type { Db } from '../../../db/client';
import { HttpError, invalid, notFound } from '../../../http/errors';
import { pageUrl, paginate } from '../../../http/pagination';
import { recordAudit } from '../../audit';
import {
  type ResellerCampaignRecipient,
  resellerSmsCampaignOf,
  resellerSmsCampaignPage,
  resellerSmsUsedThisMonth,
  type SmsCampaignRow,
  smsCampaignRecipientsOf,
  startResellerSmsCampaign,
} from '../../marketing';
import { resellerCustomerContacts, resellerCustomerCount, resellerCustomersAmong } from '../../orders';
import { writeLedgerEntry } from '../../payouts';
import { readSetting, SETTING_GROUPS, type SettingsContext } from '../../settings';
import { configuredSmsProvider } from '../../sms';
import { ACCOUNTS, RESELLER_LEDGER, resellerBalance } from '../money/ledger.service';
import { resellers } from '../reseller.table';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(20),
});

/** The shop's price per SMS part and the default monthly quota (SMS settings). */
async function smsTerms(db: Db) {
  const [sms, general] = await Promise.all([readSetting(db, SETTING_GROUPS.sms), readSetting(db, SETTING_GROUPS.general)]);
  return {
    rate: sms.reseller_sms_rate,
    defaultQuota: sms.reseller_sms_quota,
    timeZone: general.time_zone,
    symbol: general.currency_symbol,
  };
}

/**
 * The reseller's customers who can get an SMS: each customer of their orders with the name and
 * number of their latest order, one per number, only Bangladeshi mobile numbers. `ids` narrows
 * it to the customers they picked.
 */
async function reachableCustomers(db: Db, resellerId: number, ids: number[] | null): Promise<ResellerCampaignRecipient[]> {
  const rows = await resellerCustomerContacts(db, resellerId, ids);
  const seen = new Set<string>();
  const reachable: ResellerCampaignRecipient[] = [];
  for (const row of rows) {
    const phone = row.phone.replace(/[\s-]/g, '').replace(/^\+?88(?=01)/, '');
    if (!BD_PHONE.test(phone) || seen.has(phone) || row.customerId === null) continue;
    seen.add(phone);
    reachable.push({ customerId: row.customerId, name: row.name, phone });
  }
  return reachable;
}

/** `/dropshipper/sms/campaign`'s figures: price, quota, what is left, balance, customers. */
export async function resellerSmsSummary(ctx: Ctx, config: SettingsContext['config'], resellerId: number): Promise<ResellerSmsSummary> {
  const { db, now } = ctx;
  const context: SettingsContext = { db, config };
  const terms = await smsTerms(db);
  const [reseller] = await db.select({ quota: resellers.smsQuota }).from(resellers).where(eq(resellers.id, resellerId));
  const quota = reseller?.quota ?? terms.defaultQuota;
  const [used, balance, customers, provider] = await Promise.all([
    resellerSmsUsedThisMonth(db, resellerId, terms.timeZone, now),
    resellerBalance(ctx, resellerId),
    resellerCustomerCount(db, resellerId),
    configuredSmsProvider(context),
  ]);
  return {
    rate: terms.rate,
    quota,
    used_this_month: used,
    remaining: Math.max(0, quota - used),
    available_balance: balance.available,
    customers,
    gateway: provider ? 'gateway' : 'log',
  };
}

/**
 * Sends a campaign to the reseller's own customers, in one transaction under the lock on the
 * reseller's row that every change of their balance takes (decision 014): the recipients are
 * read, the monthly quota and the available balance checked, the campaign and its numbers written
 * and its cost taken from the balance as a cashbook row (balance → shop.sms). Two campaigns at
 * once are decided one after the other, so together they never pass the quota or the balance.
 * Answers the campaign's id; the caller starts the sending once it is committed. Its audit row (the
 * reseller as actor: recipients, SMS, the charge and the balance before → after) is written with it.
 */
export async function sendResellerSmsCampaign(ctx: Ctx, resellerId: number, body: unknown): Promise<number> {
  const input = resellerSmsCampaignInput.parse(body);
  const { now } = ctx;
  const terms = await smsTerms(ctx.db);
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [reseller] = await tx
      .select({ status: resellers.status, quota: resellers.smsQuota })
      .from(resellers)
      .where(eq(resellers.id, resellerId))
      .for('update');
    if (!reseller) throw notFound('The reseller');
    if (reseller.status !== 'active') throw new HttpError(403, 'Your reseller account is not active. Please contact the shop.');
    const picked = input.audience === 'selected' ? [...new Set(input.customer_ids)] : null;
    const recipients = await reachableCustomers(tx, resellerId, picked);
    if (picked) {
      // Another reseller's customer is one this reseller does not have: 404, like an unknown id.
      if ((await resellerCustomersAmong(tx, resellerId, picked)) < picked.length) throw notFound('The customer');
    }
    if (recipients.length === 0) {
      throw invalid(
        input.audience === 'all' ? 'audience' : 'customer_ids',
        'None of these customers has a mobile number to send to. Customers appear once they have ordered from you.',
      );
    }
    const estimate = resellerSmsEstimate(input.message, recipients.length, terms.rate);
    const quota = reseller.quota ?? terms.defaultQuota;
    const used = await resellerSmsUsedThisMonth(tx, resellerId, terms.timeZone, now);
    if (used + estimate.sms > quota) {
      const left = Math.max(0, quota - used);
      throw invalid(
        'audience',
        `This campaign is ${estimate.sms.toLocaleString('en')} SMS, but only ${left.toLocaleString('en')} of your monthly quota of ${quota.toLocaleString('en')} are left. Send to fewer customers, shorten the message, or ask the shop for a bigger quota.`,
      );
    }
    const { available } = await resellerBalance(txCtx, resellerId);
    if (estimate.cost > available) {
      throw invalid(
        'audience',
        `This campaign costs ${formatMoney(estimate.cost, terms.symbol)}, more than your available balance of ${formatMoney(available, terms.symbol)}. SMS are paid from your balance.`,
      );
    }
    const campaignId = await startResellerSmsCampaign(tx, {
      resellerId,
      audience: input.audience === 'all' ? 'reseller_customers' : 'reseller_selected',
      message: input.message,
      parts: estimate.parts,
      unicode: estimate.unicode,
      rate: terms.rate,
      cost: estimate.cost,
      recipients,
    });
    if (estimate.cost > 0) {
      await writeLedgerEntry(txCtx, RESELLER_LEDGER, resellerId, {
        kind: 'sms_charge',
        amount: estimate.cost,
        debitAccount: ACCOUNTS.balance,
        creditAccount: ACCOUNTS.shopSms,
        smsCampaignId: campaignId,
        note: `SMS campaign to ${recipients.length.toLocaleString('en')} customers: ${estimate.sms.toLocaleString('en')} SMS`,
        at: now,
      });
    }
    await recordAudit(txCtx, {
      action: 'sms_campaign.send',
      entity: 'reseller_sms_campaign',
      entityId: campaignId,
      changes: {
        reseller_id: { before: null, after: resellerId },
        recipients: { before: null, after: recipients.length },
        sms: { before: null, after: estimate.sms },
        sms_charge: { before: null, after: estimate.cost },
        available_balance: { before: available, after: available - estimate.cost },
      },
    });
    return campaignId;
  });
}

function campaignView(row: SmsCampaignRow): ResellerSmsCampaignView {
  return {
    id: row.id,
    message: row.message,
    audience: row.audience === 'reseller_selected' ? 'selected' : 'all',
    parts: row.parts,
    unicode: row.unicode,
    rate: row.rate,
    cost: row.estimatedCost,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** `/dropshipper/sms/history`: the reseller's campaigns, newest first. */
export async function resellerSmsCampaigns(
  { db }: Ctx,
  resellerId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<Paginator<ResellerSmsCampaignView>> {
  const { page, per_page: perPage } = pageQuery.parse(query);
  const { rows, total } = await resellerSmsCampaignPage(db, resellerId, page, perPage);
  return paginate(rows.map(campaignView), total, { page, perPage }, (to) => pageUrl(path, query, to)).plain;
}

/** One of the reseller's campaigns with a page of its recipients and how each went; another's is 404. */
export async function resellerSmsCampaign(
  { db }: Ctx,
  resellerId: number,
  campaignId: number,
  path: string,
  query: Record<string, unknown>,
): Promise<{ data: ResellerSmsCampaignView; recipients: Paginator<ResellerSmsRecipientView> }> {
  const row = await resellerSmsCampaignOf(db, resellerId, campaignId);
  if (!row) throw notFound('The SMS campaign');
  const { page, per_page: perPage } = pageQuery.parse(query);
  const { rows, total } = await smsCampaignRecipientsOf(db, campaignId, page, perPage);
  const recipients = rows.map((recipient) => ({
    id: recipient.id,
    customer_id: recipient.customerId,
    name: recipient.name ?? '',
    phone: recipient.phone,
    status: recipient.status,
    error: recipient.error,
  }));
  return { data: campaignView(row), recipients: paginate(recipients, total, { page, perPage }, (to) => pageUrl(path, query, to)).plain };
}
