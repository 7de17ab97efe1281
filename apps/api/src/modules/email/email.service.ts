import type { EmailLogEntry } from '@haat/contracts';
import { count, desc } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { EmailProvider, EmailResult } from '../../integrations/email/email-provider';
import { smtpProvider } from '../../integrations/email/smtp';
import { readSecretSetting, readSetting, SETTING_GROUPS, type SettingsContext } from '../settings';
import { type EmailStatus, emailLog } from './email-log.table';

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Why: test, contact_message… */
  purpose: string;
  adminId?: number | null;
}

export type EmailOutcome =
  | { status: 'logged'; logId: number }
  | { status: 'sent'; logId: number; server: string; messageId: string }
  | { status: 'failed'; logId: number; server: string; code: string; reason: string };

/** The mail server of the E-mail (SMTP) settings, or null when none is set up or it is switched off. */
export async function configuredEmailProvider(context: SettingsContext, timeoutMs?: number): Promise<EmailProvider | null> {
  const setting = await readSecretSetting(context, SETTING_GROUPS.email);
  if (!setting.enabled || !setting.host || !setting.from_address) return null;
  const general = await readSetting(context.db, SETTING_GROUPS.general);
  return smtpProvider({
    host: setting.host,
    port: setting.port,
    secure: setting.secure,
    username: setting.username || undefined,
    password: setting.password || undefined,
    fromAddress: setting.from_address,
    fromName: setting.from_name || general.site_name,
    timeoutMs,
  });
}

/**
 * Sends an e-mail through the configured mail server and records it in the e-mail log; a shop
 * without one still works: the e-mail is only written to the log (PRODUCT.md §7).
 */
export async function sendEmail(context: SettingsContext, email: EmailToSend, options: { timeoutMs?: number } = {}): Promise<EmailOutcome> {
  const provider = await configuredEmailProvider(context, options.timeoutMs);
  let result: EmailResult | null = null;
  if (provider) result = await provider.send({ to: email.to, subject: email.subject, text: email.text, html: email.html });
  const status: EmailStatus = !result ? 'logged' : result.ok ? 'sent' : 'failed';
  const [row] = await context.db
    .insert(emailLog)
    .values({
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      purpose: email.purpose,
      status,
      server: provider?.name ?? null,
      messageId: result?.ok ? result.messageId : null,
      error: result && !result.ok ? `${result.reason} (${result.code})` : null,
      adminId: email.adminId ?? null,
    })
    .returning({ id: emailLog.id });
  const logId = Number(row?.id);
  if (!provider || !result) return { status: 'logged', logId };
  if (result.ok) return { status: 'sent', logId, server: provider.name, messageId: result.messageId };
  return { status: 'failed', logId, server: provider.name, code: result.code, reason: result.reason };
}

/** `GET /api/admin/email-log`: the newest e-mails first, one page. */
export async function emailLogPage({ db }: Ctx, page: number, perPage: number): Promise<{ rows: EmailLogEntry[]; total: number }> {
  const [total] = await db.select({ n: count() }).from(emailLog);
  const rows = await db
    .select()
    .from(emailLog)
    .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    total: total?.n ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      purpose: row.purpose,
      status: row.status,
      server: row.server,
      error: row.error,
      created_at: row.createdAt.toISOString(),
    })),
  };
}
