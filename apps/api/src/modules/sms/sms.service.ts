import { bulkSmsBdProvider } from '../../integrations/sms/bulksmsbd';
import { gatewayNumber, type SmsProvider, type SmsResult } from '../../integrations/sms/sms-provider';
import { readSecretSetting, SETTING_GROUPS, type SettingsContext } from '../settings';
import { type SmsStatus, smsLog } from './sms-log.table';

export interface SmsToSend {
  /** Numbers as people type them: 01712345678, +8801712345678… */
  to: string[];
  message: string;
  /** Why: test, password_reset, order_status, campaign… */
  purpose: string;
  adminId?: number | null;
}

export type SmsOutcome =
  | { status: 'logged'; logId: number }
  | { status: 'sent'; logId: number; gateway: string; code: string }
  | { status: 'failed'; logId: number; gateway: string; code: string; reason: string };

/** The gateway of the SMS API settings, or null when none is set up or it is switched off. */
export async function configuredSmsProvider(context: SettingsContext, timeoutMs?: number): Promise<SmsProvider | null> {
  const setting = await readSecretSetting(context, SETTING_GROUPS.sms);
  if (!setting.enabled || !setting.gateway_url || !setting.api_key || !setting.sender_id) return null;
  return bulkSmsBdProvider({ url: setting.gateway_url, apiKey: setting.api_key, senderId: setting.sender_id, timeoutMs });
}

/**
 * Sends a text through the configured gateway and records it in the SMS log; a shop without a
 * gateway still works: the message is only written to the log (PRODUCT.md §7).
 */
export async function sendSms(context: SettingsContext, sms: SmsToSend, options: { timeoutMs?: number } = {}): Promise<SmsOutcome> {
  const [outcome] = await sendSmsBatch(context, [sms], options);
  return outcome as SmsOutcome;
}

/**
 * Sends many texts as sendSms does each one, in a fixed number of statements: the gateway settings
 * are read once and every log row is written by one insert (a batch of placed orders must not cost
 * statements per order). Messages go to the gateway one after the other; the answer has one
 * outcome per message, in their order.
 */
export async function sendSmsBatch(
  context: SettingsContext,
  messages: SmsToSend[],
  options: { timeoutMs?: number } = {},
): Promise<SmsOutcome[]> {
  if (messages.length === 0) return [];
  const provider = await configuredSmsProvider(context, options.timeoutMs);
  const sends: { sms: SmsToSend; recipients: string[]; result: SmsResult | null }[] = [];
  for (const sms of messages) {
    const recipients = sms.to.map(gatewayNumber);
    const result = provider ? await provider.send({ to: recipients, text: sms.message }) : null;
    sends.push({ sms, recipients, result });
  }
  const rows = await context.db
    .insert(smsLog)
    .values(
      sends.map(({ sms, recipients, result }) => {
        const status: SmsStatus = !result ? 'logged' : result.ok ? 'sent' : 'failed';
        return {
          recipients: recipients.join(','),
          message: sms.message,
          purpose: sms.purpose,
          status,
          gateway: provider?.name ?? null,
          responseCode: result?.code ?? null,
          error: result && !result.ok ? result.reason : null,
          adminId: sms.adminId ?? null,
        };
      }),
    )
    .returning({ id: smsLog.id });
  // One insert takes its serial ids in the order of its rows, so the sorted ids are the messages' ids in order.
  const logIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  return sends.map(({ result }, index): SmsOutcome => {
    const logId = logIds[index] as number;
    if (!provider || !result) return { status: 'logged', logId };
    if (result.ok) return { status: 'sent', logId, gateway: provider.name, code: result.code };
    return { status: 'failed', logId, gateway: provider.name, code: result.code, reason: result.reason };
  });
}
