import type { GatewayCodeName, ReconciliationFlag } from '@haat/contracts';

/**
 * What the reconciliation screen reads (decision 062), as the payments module's routes answer it. Kept beside the
 * screen until the contracts carry them.
 */
export type ReconciliationRunView = {
  id: number;
  gateway: GatewayCodeName;
  source: 'query' | 'report';
  from: string;
  to: string;
  checked: number;
  matched: number;
  flagged: number;
  admin_name: string | null;
  at: string;
};

export type ReconciliationItemView = {
  id: number;
  reconciliation_id: number;
  gateway: GatewayCodeName;
  flag: ReconciliationFlag;
  /** The gateway's transaction id or our invoice, whichever identifies the line. */
  reference: string;
  payment_id: number | null;
  order_id: number | null;
  order_number: string | null;
  our_amount: number | null;
  their_amount: number | null;
  our_state: string | null;
  their_state: string | null;
  resolved_at: string | null;
  note: string;
};
