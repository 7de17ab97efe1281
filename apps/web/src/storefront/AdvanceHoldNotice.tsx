import { ADVANCE_HOLD_NOTE } from '@haat/contracts';
import { usePhrase } from '../lib/phrases';

// Apart from CheckoutCode.tsx: the note is the contracts' (with zod), which the checkouts' first load does without.

/** The thanks page's words for an order waiting on hold for its advance delivery charge. */
export function AdvanceHoldNotice({ onHold }: { onHold: boolean }) {
  const phrase = usePhrase();
  if (!onHold) return null;
  return (
    <p className="s-alert" role="status" data-testid="advance-hold">
      {phrase(ADVANCE_HOLD_NOTE)}
    </p>
  );
}
