import coupon from '../../resources/marketing/coupon';
import type { ResourceFormScreenProps } from '../../resources/types';
import { DiscountForm } from './DiscountForm';

/**
 * `/admin/coupon/code/add` and `/admin/coupon/code/edit/{id}`. A new code starts at one use per
 * customer; an existing code without a limit shows the field empty rather than that default.
 */
export default function CouponForm(props: ResourceFormScreenProps) {
  return (
    <DiscountForm
      {...props}
      resource={coupon}
      adjust={(field, mode) => (field.name === 'per_customer_limit' && mode === 'edit' ? { ...field, initial: '' } : field)}
    />
  );
}
