import { useParams } from 'react-router';
import { NotFound } from '../../../ui/NotFound';
import { OrderEntryForm } from './OrderEntryForm';

/** `/admin/orderEdit/{id}`: an order's lines and customer while its status allows it. */
export default function EditOrder() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <NotFound home="/admin/dashboard" inShell />;
  return <OrderEntryForm key={id} kind="edit" orderId={id} />;
}
