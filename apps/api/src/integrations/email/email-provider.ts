/** What the shop needs from a mail server (PRODUCT.md §7): send one e-mail. */
export interface EmailProvider {
  /** Shown in the e-mail log: the server's host and port. */
  readonly name: string;
  send(message: OutgoingEmail): Promise<EmailResult>;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Plain text; an HTML part is sent too when given. */
  text: string;
  html?: string;
}

export type EmailResult =
  | { ok: true; messageId: string }
  /** `code` is the server's (e.g. 550) or `timeout` / `unreachable` / `auth` / `rejected` when it did not take the mail. */
  | { ok: false; code: string; reason: string };
