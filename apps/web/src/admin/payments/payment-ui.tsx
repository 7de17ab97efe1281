import {
  GATEWAY_NAMES,
  type GatewayCodeName,
  type PaymentPurpose,
  type PaymentRefundState,
  type PaymentState,
  type ReconciliationFlag,
} from '@haat/contracts';
import { Badge } from '@mantine/core';
import { usePhrase } from '../../lib/phrases';

/** An attempt's state in words (decision 062). */
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  initiated: 'Started',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
};

/** Badge colours per attempt state, readable on white (AA) with white text. */
export const PAYMENT_STATE_COLORS: Record<PaymentState, string> = {
  initiated: 'yellow.9',
  paid: 'green.9',
  failed: 'red.8',
  cancelled: 'gray.7',
  refunded: 'violet.8',
  partly_refunded: 'indigo.8',
};

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  full: 'The whole order',
  delivery: 'The delivery charge in advance',
};

export const REFUND_STATE_LABELS: Record<PaymentRefundState, string> = {
  refunded: 'Refunded',
  refused: 'Refused by the gateway',
  pending: 'Waiting for the gateway',
};

const REFUND_STATE_COLORS: Record<PaymentRefundState, string> = { refunded: 'green.9', refused: 'red.8', pending: 'yellow.9' };

/** What a reconciliation found, in the words staff read on the screen. */
export const FLAG_LABELS: Record<ReconciliationFlag, string> = {
  missing_at_gateway: 'Missing at the gateway',
  missing_here: 'Missing here',
  amount_mismatch: 'Amount differs',
  state_mismatch: 'State differs',
};

const FLAG_COLORS: Record<ReconciliationFlag, string> = {
  missing_at_gateway: 'red.8',
  missing_here: 'orange.9',
  amount_mismatch: 'grape.8',
  state_mismatch: 'blue.8',
};

/** A gateway's name as the shop calls it (bKash, Nagad, Card or mobile banking). */
export const gatewayName = (code: string): string => GATEWAY_NAMES[code as GatewayCodeName] ?? code;

/** The gateways as select options, in the reader's words. */
export const gatewayOptions = (phrase: (text: string) => string) =>
  (Object.keys(GATEWAY_NAMES) as GatewayCodeName[]).map((code) => ({ value: code, label: phrase(GATEWAY_NAMES[code]) }));

/** A badge in a narrow table column keeps its whole word (Mantine's would shorten it to "P…"). */
const WHOLE = { minWidth: 'max-content' } as const;

export function PaymentStateBadge({ state }: { state: string }) {
  const phrase = usePhrase();
  const known = state as PaymentState;
  return (
    <Badge color={PAYMENT_STATE_COLORS[known] ?? 'gray.7'} variant="filled" radius="sm" data-testid="payment-state" style={WHOLE}>
      {phrase(PAYMENT_STATE_LABELS[known] ?? state)}
    </Badge>
  );
}

export function RefundStateBadge({ state }: { state: string }) {
  const phrase = usePhrase();
  const known = state as PaymentRefundState;
  return (
    <Badge color={REFUND_STATE_COLORS[known] ?? 'gray.7'} variant="filled" radius="sm" size="sm" style={WHOLE}>
      {phrase(REFUND_STATE_LABELS[known] ?? state)}
    </Badge>
  );
}

export function FlagBadge({ flag }: { flag: string }) {
  const phrase = usePhrase();
  const known = flag as ReconciliationFlag;
  return (
    <Badge color={FLAG_COLORS[known] ?? 'gray.7'} variant="filled" radius="sm" data-testid="reconciliation-flag" style={WHOLE}>
      {phrase(FLAG_LABELS[known] ?? flag)}
    </Badge>
  );
}
