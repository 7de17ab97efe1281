import offer from '../../resources/marketing/offer';
import type { ResourceFormScreenProps } from '../../resources/types';
import { DiscountForm } from './DiscountForm';

/** `/admin/add` and `/admin/edit/Offer/{id}`. */
export default function OfferForm(props: ResourceFormScreenProps) {
  return <DiscountForm {...props} resource={offer} />;
}
