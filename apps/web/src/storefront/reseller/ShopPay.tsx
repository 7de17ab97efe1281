import { PayPage, payPageLoader } from '../PayPage';
import { useShop } from './shop';

export const loader = payPageLoader;

/** A reseller shop's pay page, `/shop/{slug}/pay/:number?key=…` (or `/pay/…` on the reseller's own host). */
export default function ShopPay() {
  const { path, shop } = useShop();
  // Under `/shop/{slug}` the gateway's return must come back into the shop; on the reseller's own host `/…` is the shop.
  const underPrefix = path().startsWith('/shop/');
  return (
    <PayPage
      home={path()}
      thanks={(number) => path(`order/${encodeURIComponent(number)}/thanks?paid=1`)}
      shop={underPrefix ? shop.slug : undefined}
    />
  );
}
