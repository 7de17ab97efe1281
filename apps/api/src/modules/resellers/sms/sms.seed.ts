import { eq, inArray } from 'drizzle-orm';
import { actingAs, systemCtx } from '../../../context';
import type { Db } from '../../../db/client';
import { smsCampaignRecipients, smsCampaigns } from '../../marketing/sms-campaign.table';
import { resellers } from '../reseller.table';
import { sendResellerSmsCampaign } from './sms.service';

const daysAgo = (days: number, hour: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hour, 5, 0, 0);
  return date;
};

/**
 * The demo reseller's SMS history: two campaigns to the customers of their demo orders (one in
 * English to all, one in Bengali to two of them), charged to their cashbook and already delivered.
 * Runs after the demo cashbook, whose delivered orders pay for them.
 */
export async function seedDemoResellerSms(db: Db, resellerPhone: string): Promise<void> {
  const [reseller] = await db.select({ id: resellers.id, name: resellers.name }).from(resellers).where(eq(resellers.phone, resellerPhone));
  if (!reseller) return;
  const [existing] = await db.select({ id: smsCampaigns.id }).from(smsCampaigns).where(eq(smsCampaigns.resellerId, reseller.id)).limit(1);
  if (existing) return;
  const campaigns = [
    {
      at: daysAgo(6, 5),
      body: { message: 'New Eid collection is here: cotton sarees and panjabis from Tk 950. Reply or call to order.', audience: 'all' },
    },
    {
      at: daysAgo(1, 9),
      body: { message: 'ঈদ মোবারক! আপনার জন্য সব শাড়িতে ১০% ছাড়, শুধু এই সপ্তাহে। অর্ডার করতে এই নম্বরে ফোন করুন।', audience: 'all' },
    },
  ];
  for (const campaign of campaigns) {
    const asReseller = actingAs(systemCtx(db, campaign.at), { kind: 'reseller', id: reseller.id, name: reseller.name });
    const id = await sendResellerSmsCampaign(asReseller, reseller.id, campaign.body).catch(() => null);
    if (id === null) continue;
    // Delivered long ago: mark the numbers sent, as the campaign runner would have.
    const numbers = await db
      .select({ id: smsCampaignRecipients.id })
      .from(smsCampaignRecipients)
      .where(eq(smsCampaignRecipients.campaignId, id));
    await db
      .update(smsCampaignRecipients)
      .set({ status: 'sent', claimedAt: campaign.at })
      .where(
        inArray(
          smsCampaignRecipients.id,
          numbers.map((row) => row.id),
        ),
      );
    const finishedAt = new Date(campaign.at.getTime() + 40_000);
    await db
      .update(smsCampaigns)
      .set({ status: 'finished', sent: numbers.length, createdAt: campaign.at, finishedAt })
      .where(eq(smsCampaigns.id, id));
  }
}
