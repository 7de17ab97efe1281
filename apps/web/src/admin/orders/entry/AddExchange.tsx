import { OrderEntryForm } from './OrderEntryForm';

/** `/admin/exchange/order/add`: an exchange against an earlier shipped or delivered order. */
export default function AddExchange() {
  return <OrderEntryForm key="exchange" kind="exchange" />;
}
