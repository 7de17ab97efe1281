import type { RemittanceMethod } from '@haat/contracts';
import { type AccountRef, type EntryLineInput, postEntry } from '../../accounts';
import { onRemittanceLineAccepted, onRemittanceRecorded } from './remittance-postings';

/** The balance a remittance's money went into when the person did not choose one: the method's default account. */
export const REMITTANCE_DEFAULT_BALANCE = { cash: 'cash', bank: 'bank', mobile_wallet: 'bkash' } as const satisfies Record<
  RemittanceMethod,
  AccountRef
>;

const line = (account: AccountRef, side: 'debit' | 'credit', amount: number): EntryLineInput[] =>
  amount > 0 ? [{ account, [side]: amount }] : [];

/**
 * A remittance in the books (decisions 048 and 049), in its own transaction: the net received into the
 * balance, the delivery fees and COD charges the courier kept as costs, and what the courier owed us lowered
 * by everything collected (a mismatched line's money did arrive; what it falls short stays owed until a
 * person accepts it).
 */
onRemittanceRecorded(async (event) => {
  // The remittance service checked the balance (an active one) or chose the method's default.
  const lines = [
    ...line(event.balanceAccountId ?? REMITTANCE_DEFAULT_BALANCE[event.method], 'debit', event.netReceived),
    ...line('delivery_cost', 'debit', event.deliveryFees),
    ...line('cod_charges', 'debit', event.codCharges),
    ...line('courier_receivable', 'credit', event.collected),
  ];
  // collected = net + fees + charges on every sheet the service accepts; anything else is the courier's rounding.
  const difference = event.netReceived + event.deliveryFees + event.codCharges - event.collected;
  if (difference > 0) lines.push(...line('courier_receivable', 'credit', difference));
  if (difference < 0) lines.push(...line('other_expense', 'debit', -difference));
  if (!lines.length) return;
  await postEntry(event.ctx, {
    date: event.paidOn,
    source: 'courier.remittance',
    sourceType: 'courier_remittance',
    sourceId: event.remittanceId,
    memo: `${event.courierName} remittance #${event.remittanceId}${event.reference ? ` (${event.reference})` : ''}`,
    lines,
  });
});

/**
 * A person accepted a mismatched line for what was collected: the rest of what the courier owed for that
 * order is written off as an expense (or, when more came than was due, the excess is other income).
 */
onRemittanceLineAccepted(async (event) => {
  const shortfall = event.line.toCollect - event.line.collected;
  if (shortfall === 0) return;
  await postEntry(event.ctx, {
    source: 'courier.remittance.accepted',
    sourceType: 'courier_remittance',
    sourceId: event.remittanceId,
    memo: `Order ${event.line.orderNumber} accepted at what the courier collected${event.note ? `: ${event.note}` : ''}`,
    lines:
      shortfall > 0
        ? [
            { account: 'other_expense', debit: shortfall },
            { account: 'courier_receivable', credit: shortfall },
          ]
        : [
            { account: 'courier_receivable', debit: -shortfall },
            { account: 'other_income', credit: -shortfall },
          ],
  });
});
