import type { OutgoingSms, SmsProvider, SmsResult } from './sms-provider';

/** BulkSMSBD's answer codes: 202 is success, the rest say why not. */
export const BULKSMSBD_CODES: Record<string, string> = {
  '202': 'SMS submitted successfully',
  '1001': 'Invalid number',
  '1002': 'Sender id not correct or disabled',
  '1003': 'Required fields are missing',
  '1005': 'Internal error at the gateway',
  '1006': 'Balance validity not available',
  '1007': 'Balance insufficient',
  '1011': 'User id not found',
  '1012': 'Masking SMS must be sent in Bengali',
  '1013': 'Sender id has no gateway for this API key',
  '1014': 'Sender type name not found for this sender and API key',
  '1015': 'Sender id has no valid gateway for this API key',
  '1016': 'Sender type name active price info not found',
  '1017': 'Sender type name price info not found',
  '1018': 'The owner of this account is disabled',
  '1019': 'The sender type price of this account is disabled',
  '1020': 'The parent of this account is not found',
  '1021': 'The parent active sender type price of this account is not found',
  '1031': 'Account not verified',
  '1032': 'IP address not whitelisted at the gateway',
};

export const SUCCESS_CODE = '202';

export interface BulkSmsBdOptions {
  /** The send endpoint, e.g. http://bulksmsbd.net/api/smsapi */
  url: string;
  apiKey: string;
  senderId: string;
  timeoutMs?: number;
}

/**
 * A BulkSMSBD-style gateway: a form POST of `api_key`, `type`, `senderid`, `number` (comma
 * separated) and `message`, answered by a numeric code (JSON `response_code`, or the bare number).
 */
export function bulkSmsBdProvider({ url, apiKey, senderId, timeoutMs = 10_000 }: BulkSmsBdOptions): SmsProvider {
  return {
    name: new URL(url).host,
    async send(message: OutgoingSms): Promise<SmsResult> {
      const body = new URLSearchParams({
        api_key: apiKey,
        type: 'text',
        senderid: senderId,
        number: message.to.join(','),
        message: message.text,
      });
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json, text/plain' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError';
        return timedOut
          ? { ok: false, code: 'timeout', reason: `The gateway did not answer within ${Math.round(timeoutMs / 1000)} seconds` }
          : { ok: false, code: 'unreachable', reason: 'The gateway could not be reached' };
      }
      const text = await response.text().catch(() => '');
      const answer = parseAnswer(text);
      if (!answer.code) {
        return { ok: false, code: 'bad_response', reason: `The gateway answered HTTP ${response.status} without a response code` };
      }
      if (answer.code === SUCCESS_CODE) return { ok: true, code: answer.code, messageId: answer.messageId };
      return {
        ok: false,
        code: answer.code,
        reason: BULKSMSBD_CODES[answer.code] ?? answer.message ?? 'The gateway refused the message',
      };
    },
  };
}

function parseAnswer(text: string): { code?: string; message?: string; messageId?: string } {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { code: trimmed };
  try {
    const json = JSON.parse(trimmed) as Record<string, unknown>;
    const code = json.response_code ?? json.code;
    const message = json.error_message || json.success_message || json.message;
    return {
      code: code === undefined || code === null ? undefined : String(code),
      message: typeof message === 'string' && message ? message : undefined,
      messageId: json.message_id === undefined || json.message_id === null ? undefined : String(json.message_id),
    };
  } catch {
    return {};
  }
}
