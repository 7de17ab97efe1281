import { OrderEntryForm } from './OrderEntryForm';

/** `/admin/add/wholesale`: a wholesale order at the products' quantity breaks. */
export default function AddWholesale() {
  return <OrderEntryForm key="wholesale" kind="wholesale" />;
}
