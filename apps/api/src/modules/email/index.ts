/** Sending e-mail: through the configured mail server (SMTP), or to the e-mail log when there is none. */
export { configuredEmailProvider, type EmailOutcome, type EmailToSend, sendEmail } from './email.service';
