import { PortalShell } from '../ui/portal/PortalShell';
import { PORTALS, portalGuard } from '../ui/portal/portal';
import { PortalResourceAccess } from '../ui/portal/resource-access';

/** Merchant pages need a merchant session; a visitor goes to /merchant/login. */
export const loader = portalGuard(PORTALS.merchant);

/** Declared in English; the shell shows them through `phrase`. */
const LINKS = [
  { label: 'Dashboard', to: '/merchant/dashboard' },
  { label: 'My products', to: '/merchant/products' },
  { label: 'Order lines', to: '/merchant/orders' },
  { label: 'Earnings', to: '/merchant/earnings' },
  { label: 'Withdraw request', to: '/merchant/payment/withdraw/request' },
  { label: 'Withdraw history', to: '/merchant/payment/withdraw/history' },
  { label: 'Bank accounts', to: '/merchant/bank/account' },
  { label: 'Mobile banking', to: '/merchant/mobile/banking' },
  { label: 'Profile and password', to: '/merchant/profile' },
];

export default function MerchantShell() {
  return (
    <PortalResourceAccess>
      <PortalShell portal={PORTALS.merchant} links={LINKS} />
    </PortalResourceAccess>
  );
}
