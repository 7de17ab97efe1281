import { contactMessageInput, contactReplyInput } from '@haat/contracts';
import { and, count, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { adminIdOf, type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid, notFound } from '../../http/errors';
import { recordAudit } from '../audit';
import { readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../settings';
import { contactMessages, contactReplies } from './contact-message.table';
import { notifications } from './notification.table';
import { notify } from './notifier';
import { renderTemplate } from './template.service';

/** One address may send five messages an hour: enough for a customer, too few to flood the inbox. */
export const CONTACT_LIMIT = { perAddress: 5, windowMs: 60 * 60_000 } as const;

/** The storefront's contact form: checks the rate limit, then keeps the message for the inbox. */
export async function submitContactMessage({ db, ip: address, now }: Ctx, body: unknown) {
  const input = contactMessageInput.parse(body);
  const ip = address ?? '';
  const since = new Date(now.getTime() - CONTACT_LIMIT.windowMs);
  const [sent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.ip, ip), gt(contactMessages.createdAt, since)));
  if ((sent?.n ?? 0) >= CONTACT_LIMIT.perAddress) {
    throw new HttpError(429, 'You have sent several messages in the last hour. Please wait a while, or call the shop.');
  }
  const [row] = await db
    .insert(contactMessages)
    .values({ ...messageValues(input), ip, createdAt: now, updatedAt: now })
    .returning({ id: contactMessages.id });
  return { id: Number(row?.id) };
}

export function messageValues(input: z.output<typeof contactMessageInput>) {
  return { name: input.name, phone: input.phone, email: input.email, message: input.message };
}

async function findMessage(db: Db, id: number) {
  const [message] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!message) throw notFound('The contact message');
  return message;
}

/** Opening a new message marks it read; returns the ids that were new. */
export async function markContactMessagesRead({ db, now }: Ctx, ids: number[]) {
  const rows = await db
    .update(contactMessages)
    .set({ status: 'read', readAt: now, updatedAt: now })
    .where(and(inArray(contactMessages.id, ids), eq(contactMessages.status, 'new')))
    .returning({ id: contactMessages.id });
  return rows.map((row) => row.id);
}

/** Archive (out of the inbox) or bring back; archived messages return as read, or replied if they were. */
export async function setContactMessagesArchived({ db, now }: Ctx, ids: number[], archived: boolean) {
  if (archived) {
    const rows = await db
      .update(contactMessages)
      .set({ status: 'archived', archivedAt: now, updatedAt: now })
      .where(and(inArray(contactMessages.id, ids), ne(contactMessages.status, 'archived')))
      .returning({ id: contactMessages.id });
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: contactMessages.id, repliedAt: contactMessages.repliedAt })
    .from(contactMessages)
    .where(and(inArray(contactMessages.id, ids), eq(contactMessages.status, 'archived')));
  for (const row of rows) {
    await db
      .update(contactMessages)
      .set({ status: row.repliedAt ? 'replied' : 'read', archivedAt: null, updatedAt: now })
      .where(eq(contactMessages.id, row.id));
  }
  return rows.map((row) => row.id);
}

/**
 * Answers a message by SMS or e-mail through the notifier (its template, when the shop has one,
 * wraps the text), records the reply, and marks the message replied.
 */
export async function replyToContactMessage(ctx: Ctx, config: SettingsConfig, id: number, body: unknown) {
  const input = contactReplyInput.parse(body);
  const { db } = ctx;
  const adminId = adminIdOf(ctx);
  const message = await findMessage(db, id);
  const to = input.channel === 'sms' ? message.phone : message.email;
  if (!to)
    throw invalid(
      'channel',
      input.channel === 'sms' ? 'This message has no phone number: reply by e-mail.' : 'This message has no e-mail address: reply by SMS.',
    );

  const general = await readSetting(db, SETTING_GROUPS.general);
  const values = { customer_name: message.name, reply: input.message, shop_name: general.site_name, shop_phone: general.contact_phone };
  const rendered = await renderTemplate(db, input.channel === 'sms' ? 'contact_reply_sms' : 'contact_reply_email', values);
  const outcome = await notify(secretsIn(ctx, config), {
    channel: input.channel,
    to,
    subject: rendered?.subject || `Re: your message to ${general.site_name}`,
    body: rendered?.body ?? input.message,
    reference: `contact_message:${id}`,
    adminId,
  });
  // A reply the gateway refused is kept with its failed delivery, so staff see it was tried; the message stays unanswered.
  if (outcome.status === 'failed') {
    await db
      .insert(contactReplies)
      .values({ messageId: id, channel: input.channel, text: input.message, adminId, notificationId: outcome.id });
    throw new HttpError(502, outcome.summary, undefined, { result: outcome });
  }
  // A reply that went out (or to the log) is an answer from the shop: kept with its audit row.
  await inTransaction(ctx, async (tx) => {
    const [current] = await tx.db.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!current) throw notFound('The contact message');
    const status = current.status === 'archived' ? 'archived' : 'replied';
    await tx.db
      .insert(contactReplies)
      .values({ messageId: id, channel: input.channel, text: input.message, adminId, notificationId: outcome.id, createdAt: tx.now });
    await tx.db
      .update(contactMessages)
      .set({ status, readAt: current.readAt ?? tx.now, repliedAt: tx.now, updatedAt: tx.now })
      .where(eq(contactMessages.id, id));
    await recordAudit(tx, {
      action: 'reply',
      entity: 'contact.message',
      entityId: id,
      changes: {
        ...(current.status !== status ? { status: { before: current.status, after: status } } : {}),
        reply: { before: null, after: { channel: input.channel, to, text: input.message, delivery: outcome.status } },
      },
    });
  });
  return outcome;
}

/** A message's replies, newest first, with how each went out. */
export async function contactRepliesOf(db: Db, id: number) {
  const rows = await db
    .select({
      id: contactReplies.id,
      channel: contactReplies.channel,
      text: contactReplies.text,
      adminId: contactReplies.adminId,
      createdAt: contactReplies.createdAt,
      delivery: notifications.status,
      recipient: notifications.recipient,
    })
    .from(contactReplies)
    .leftJoin(notifications, eq(notifications.id, contactReplies.notificationId))
    .where(eq(contactReplies.messageId, id))
    .orderBy(desc(contactReplies.createdAt), desc(contactReplies.id));
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    text: row.text,
    admin_id: row.adminId,
    created_at: row.createdAt,
    delivery: row.delivery,
    recipient: row.recipient,
  }));
}
