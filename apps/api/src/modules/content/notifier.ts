import { sendEmail } from '../email';
import type { SettingsContext } from '../settings';
import { sendSms } from '../sms';
import { notifications } from './notification.table';

export interface Notification {
  channel: 'sms' | 'email';
  /** A phone number for SMS, an address for e-mail. */
  to: string;
  subject?: string;
  body: string;
  /** What it is about, e.g. `contact_message:12`. */
  reference: string;
  adminId?: number | null;
}

export interface NotificationOutcome {
  id: number;
  status: 'logged' | 'sent' | 'failed';
  /** For people: what happened, e.g. "No SMS gateway is set up: the reply was written to the log." */
  summary: string;
}

/**
 * Sends one SMS or e-mail to a customer and records it. SMS goes through the SMS gateway of the
 * settings, e-mail through the mail server of the E-mail (SMTP) settings; with none set up the
 * message is written to the SMS or e-mail log instead.
 */
export async function notify(context: SettingsContext, notification: Notification): Promise<NotificationOutcome> {
  let status: NotificationOutcome['status'] = 'logged';
  let provider: string | null = null;
  let error: string | null = null;
  if (notification.channel === 'sms') {
    const outcome = await sendSms(context, {
      to: [notification.to],
      message: notification.body,
      purpose: notification.reference.split(':')[0] ?? 'notification',
      adminId: notification.adminId ?? null,
    });
    status = outcome.status;
    if (outcome.status !== 'logged') provider = outcome.gateway;
    if (outcome.status === 'failed') error = `${outcome.reason} (code ${outcome.code})`;
  } else {
    const outcome = await sendEmail(context, {
      to: notification.to,
      subject: notification.subject ?? '',
      text: notification.body,
      purpose: notification.reference.split(':')[0] ?? 'notification',
      adminId: notification.adminId ?? null,
    });
    status = outcome.status;
    if (outcome.status !== 'logged') provider = outcome.server;
    if (outcome.status === 'failed') error = `${outcome.reason} (${outcome.code})`;
  }
  const [row] = await context.db
    .insert(notifications)
    .values({
      channel: notification.channel,
      recipient: notification.to,
      subject: notification.subject ?? '',
      body: notification.body,
      status,
      provider,
      error,
      reference: notification.reference,
    })
    .returning({ id: notifications.id });
  const channel = notification.channel === 'sms' ? 'SMS' : 'e-mail';
  const summary =
    status === 'sent'
      ? `Sent by ${channel} to ${notification.to}.`
      : status === 'failed'
        ? `The ${notification.channel === 'sms' ? 'SMS gateway' : 'mail server'} did not send it: ${error}.`
        : notification.channel === 'sms'
          ? 'No SMS gateway is set up, so the SMS was written to the SMS log instead.'
          : 'No e-mail gateway is set up, so the e-mail was written to the e-mail log instead.';
  return { id: Number(row?.id), status, summary };
}
