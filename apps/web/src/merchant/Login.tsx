import { PortalLogin } from '../ui/portal/PortalLogin';
import { PORTALS, portalGuestGuard } from '../ui/portal/portal';

export const loader = portalGuestGuard(PORTALS.merchant);

export default function MerchantLogin() {
  return <PortalLogin portal={PORTALS.merchant} />;
}
