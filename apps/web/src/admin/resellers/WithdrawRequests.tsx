import { usePhrase } from '../../lib/phrases';
import { WithdrawalList } from './WithdrawalList';

/** `/admin/withdraw/request/by/resellers`: requests waiting first; pay (method, transaction id) or reject (reason). */
export default function WithdrawRequests() {
  const phrase = usePhrase();
  return (
    <WithdrawalList
      title={phrase('Reseller withdraw requests')}
      intro={phrase(
        "Pay a request with the method and transaction id of the transfer, or reject it with a reason: the amount then returns to the reseller's balance.",
      )}
    />
  );
}
