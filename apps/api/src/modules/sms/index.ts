/** Sending SMS: through the configured gateway, or to the SMS log when there is none. */
export { configuredSmsProvider, type SmsOutcome, type SmsToSend, sendSms, sendSmsBatch } from './sms.service';
