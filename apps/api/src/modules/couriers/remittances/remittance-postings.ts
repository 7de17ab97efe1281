import type { RemittanceLineStatus, RemittanceMethod, RemittanceSource } from '@haat/contracts';
import type { Ctx } from '../../../context';

/**
 * THE one place where a courier remittance reaches the books (decision 049). The couriers module
 * records the remittance in its own tables and then announces it here, inside the remittance's
 * transaction; the accounts module subscribes (`onRemittanceRecorded`) and posts the balanced entry
 * with `ctx`, so the entry commits or rolls back with the remittance. A listener that throws refuses
 * the remittance.
 *
 * What the books need: the courier's receivable is reduced by `collected` of the matched lines (and
 * of mismatched lines once accepted: `onRemittanceLineAccepted`), the balance `balanceAccountId`
 * receives `netReceived`, and `deliveryFees` + `codCharges` are the courier's costs.
 */
export interface RemittanceRecordedLine {
  orderId: number;
  orderNumber: string;
  /** What the order was to collect (its total less any advance). */
  toCollect: number;
  collected: number;
  deliveryFee: number;
  codCharge: number;
  /** `matched` lines' orders are now paid; `mismatch` lines wait for a person. */
  status: RemittanceLineStatus;
}

export interface RemittanceRecordedEvent {
  /** The remittance's transaction, acting as the admin who recorded it. */
  ctx: Ctx;
  remittanceId: number;
  courierId: number;
  courierName: string;
  /** The day the courier paid, `YYYY-MM-DD`. */
  paidOn: string;
  method: RemittanceMethod;
  source: RemittanceSource;
  reference: string;
  /** The balance (cash, bank, wallet account) the money went into, as the user chose it; null if none. */
  balanceAccountId: number | null;
  /** Totals in paisa: collected − deliveryFees − codCharges is normally netReceived. */
  collected: number;
  deliveryFees: number;
  codCharges: number;
  netReceived: number;
  lines: RemittanceRecordedLine[];
}

export type RemittanceRecordedListener = (event: RemittanceRecordedEvent) => Promise<void>;

const recordedListeners: RemittanceRecordedListener[] = [];

/** Registers a listener for every remittance recorded (by hand, CSV or API); call once when the module loads. */
export function onRemittanceRecorded(listener: RemittanceRecordedListener): void {
  if (!recordedListeners.includes(listener)) recordedListeners.push(listener);
}

/** Called by the remittance service once per remittance, after its rows are written, inside its transaction. */
export async function emitRemittanceRecorded(event: RemittanceRecordedEvent): Promise<void> {
  for (const listener of recordedListeners) await listener(event);
}

/** A person accepted a mismatched line's collected amount: the order is now paid for `collected` (less than, or more than, `toCollect`). */
export interface RemittanceLineAcceptedEvent {
  ctx: Ctx;
  remittanceId: number;
  courierId: number;
  balanceAccountId: number | null;
  line: RemittanceRecordedLine;
  note: string;
}

export type RemittanceLineAcceptedListener = (event: RemittanceLineAcceptedEvent) => Promise<void>;

const acceptedListeners: RemittanceLineAcceptedListener[] = [];

export function onRemittanceLineAccepted(listener: RemittanceLineAcceptedListener): void {
  if (!acceptedListeners.includes(listener)) acceptedListeners.push(listener);
}

export async function emitRemittanceLineAccepted(event: RemittanceLineAcceptedEvent): Promise<void> {
  for (const listener of acceptedListeners) await listener(event);
}

/** Removes a listener (tests). */
export function offRemittanceRecorded(listener: RemittanceRecordedListener): void {
  const at = recordedListeners.indexOf(listener);
  if (at >= 0) recordedListeners.splice(at, 1);
}
