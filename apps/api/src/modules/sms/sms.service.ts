import { smsParts } from '@haat/contracts';
import { inArray } from 'drizzle-orm';
import { systemCtx } from '../../context';
import { bulkSmsBdProvider } from '../../integrations/sms/bulksmsbd';
import { gatewayNumber, type SmsProvider, type SmsResult } from '../../integrations/sms/sms-provider';
import { postEntry } from '../accounts';
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
  return (await configuredGateway(context, timeoutMs)).provider;
}

/** The gateway and what it charges per SMS part (paisa), from one read of the settings. */
async function configuredGateway(
  context: SettingsContext,
  timeoutMs?: number,
): Promise<{ provider: SmsProvider | null; costPerSms: number }> {
  const setting = await readSecretSetting(context, SETTING_GROUPS.sms);
  if (!setting.enabled || !setting.gateway_url || !setting.api_key || !setting.sender_id) return { provider: null, costPerSms: 0 };
  return {
    provider: bulkSmsBdProvider({ url: setting.gateway_url, apiKey: setting.api_key, senderId: setting.sender_id, timeoutMs }),
    costPerSms: setting.cost_per_sms,
  };
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
 *
 * What the gateway charges for the messages it accepted (parts × numbers × the per-SMS cost of the settings) is
 * kept on each log row and booked as one entry for the batch, SMS cost against the prepaid SMS balance, in the
 * transaction that writes the log (decision 054): a campaign books one entry per batch, not per message.
 */
export async function sendSmsBatch(
  context: SettingsContext,
  messages: SmsToSend[],
  options: { timeoutMs?: number } = {},
): Promise<SmsOutcome[]> {
  if (messages.length === 0) return [];
  const { provider, costPerSms } = await configuredGateway(context, options.timeoutMs);
  const sends: { sms: SmsToSend; recipients: string[]; result: SmsResult | null }[] = [];
  for (const sms of messages) {
    const recipients = sms.to.map(gatewayNumber);
    const result = provider ? await provider.send({ to: recipients, text: sms.message }) : null;
    sends.push({ sms, recipients, result });
  }
  const costOf = (sms: SmsToSend, recipients: string[], result: SmsResult | null) =>
    result?.ok ? smsParts(sms.message).parts * recipients.length * costPerSms : 0;
  const totalCost = sends.reduce((sum, { sms, recipients, result }) => sum + costOf(sms, recipients, result), 0);
  const writeLog = (db: SettingsContext['db']) =>
    db
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
            cost: costOf(sms, recipients, result),
          };
        }),
      )
      .returning({ id: smsLog.id, cost: smsLog.cost });
  const rows =
    totalCost === 0
      ? await writeLog(context.db)
      : await context.db.transaction(async (tx) => {
          const written = await writeLog(tx);
          const costed = written.filter((row) => row.cost > 0).map((row) => Number(row.id));
          const purposes = [...new Set(sends.map(({ sms }) => sms.purpose))].join(', ');
          const entry = await postEntry(systemCtx(tx), {
            source: 'sms.sent',
            sourceType: 'sms_log',
            sourceId: Math.min(...costed),
            memo: `${costed.length} SMS sent through ${provider?.name ?? 'the gateway'} (${purposes})`,
            lines: [
              { account: 'sms_cost', debit: totalCost },
              { account: 'sms_prepaid', credit: totalCost },
            ],
          });
          await tx.update(smsLog).set({ entryId: entry.id }).where(inArray(smsLog.id, costed));
          return written;
        });
  // One insert takes its serial ids in the order of its rows, so the sorted ids are the messages' ids in order.
  const logIds = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  return sends.map(({ result }, index): SmsOutcome => {
    const logId = logIds[index] as number;
    if (!provider || !result) return { status: 'logged', logId };
    if (result.ok) return { status: 'sent', logId, gateway: provider.name, code: result.code };
    return { status: 'failed', logId, gateway: provider.name, code: result.code, reason: result.reason };
  });
}
