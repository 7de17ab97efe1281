import { PayPage } from '../PayPage';
import { useShop } from './shop';

/** A reseller shop's pay page, `/shop/{slug}/pay/:number?key=…` (or `/pay/…` on the reseller's own host). */
export default function ShopPay() {
  const { path } = useShop();
  return <PayPage home={path()} thanks={(number) => path(`order/${encodeURIComponent(number)}/thanks?paid=1`)} />;
}
