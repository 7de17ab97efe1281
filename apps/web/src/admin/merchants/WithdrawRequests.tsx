import { usePhrase } from '../../lib/phrases';
import { type Payee, WithdrawalList } from '../resellers/WithdrawalList';

type MerchantRow = { merchant_id: number; merchant_name: string; merchant_phone: string; company_name: string };

const MERCHANT_PAYEE: Payee = {
  api: '/api/admin/merchant-withdrawals',
  pay: 'merchant.withdrawal.pay',
  person: 'Merchant',
  search: 'Merchant, phone, company, WD number or transaction id',
  who: (row) => {
    const merchant = row as unknown as MerchantRow;
    return {
      name: merchant.merchant_name,
      phone: merchant.merchant_phone,
      extra: merchant.company_name,
      link: `/admin/merchant/statement/${merchant.merchant_id}`,
    };
  },
  exportCsv: false,
};

/** `/admin/withdraw/request/by/merchant`: pending, paid and rejected; pay (method, transaction id; the balance is checked again) or reject (reason). */
export default function MerchantWithdrawRequests() {
  const phrase = usePhrase();
  return (
    <WithdrawalList
      payee={MERCHANT_PAYEE}
      title={phrase('Merchant withdraw requests')}
      intro={phrase(
        "Pay a request with the method and transaction id of the transfer (the merchant's balance is checked again), or reject it with a reason: the amount then returns to their balance.",
      )}
    />
  );
}
