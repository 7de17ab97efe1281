import { PortalShell } from '../ui/portal/PortalShell';
import { PORTALS, portalGuard } from '../ui/portal/portal';

/** Merchant pages need a merchant session; a visitor goes to /merchant/login. */
export const loader = portalGuard(PORTALS.merchant);

export default function MerchantShell() {
  return <PortalShell portal={PORTALS.merchant} links={[{ label: 'Dashboard', to: '/merchant/dashboard' }]} />;
}
