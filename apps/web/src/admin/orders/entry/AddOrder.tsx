import { OrderEntryForm } from './OrderEntryForm';

/** `/admin/add/order`: a phone order taken by staff. */
export default function AddOrder() {
  return <OrderEntryForm key="phone" kind="phone" />;
}
