import type { EmailProvider, EmailResult, OutgoingEmail } from './email-provider';

export interface SmtpOptions {
  host: string;
  port: number;
  /** TLS from the first byte (465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  username?: string;
  password?: string;
  fromAddress: string;
  fromName?: string;
  timeoutMs?: number;
}

/** Why nodemailer gave up, in words for staff; the server's own reply when it answered. */
function failure(error: unknown): EmailResult {
  const failed = error as { code?: string; responseCode?: number; response?: string; message?: string };
  if (failed.responseCode) {
    return { ok: false, code: String(failed.responseCode), reason: (failed.response ?? failed.message ?? 'Refused').slice(0, 500) };
  }
  switch (failed.code) {
    case 'EAUTH':
      return { ok: false, code: 'auth', reason: 'The mail server did not accept the username and password' };
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return { ok: false, code: 'timeout', reason: 'The mail server did not answer in time' };
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EDNS':
      return { ok: false, code: 'unreachable', reason: `The mail server could not be reached (${failed.message ?? failed.code})` };
    default:
      return { ok: false, code: 'rejected', reason: (failed.message ?? 'The mail server did not take the e-mail').slice(0, 500) };
  }
}

/** A mail server spoken to over SMTP (nodemailer), one connection per e-mail. */
export function smtpProvider(options: SmtpOptions): EmailProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  // nodemailer is loaded with the first e-mail: a shop that sends none never holds it (decision 023).
  const makeTransport = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: options.host,
      port: options.port,
      secure: options.secure,
      auth: options.username ? { user: options.username, pass: options.password ?? '' } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
  };
  let transporter: ReturnType<typeof makeTransport> | null = null;
  return {
    name: `${options.host}:${options.port}`,
    async send(message: OutgoingEmail): Promise<EmailResult> {
      transporter ??= makeTransport();
      const transport = await transporter;
      try {
        const info = await transport.sendMail({
          from: options.fromName ? { name: options.fromName, address: options.fromAddress } : options.fromAddress,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        if (info.rejected.length > 0) return { ok: false, code: 'rejected', reason: `The mail server refused ${message.to}` };
        return { ok: true, messageId: info.messageId };
      } catch (error) {
        return failure(error);
      } finally {
        transport.close();
      }
    },
  };
}
