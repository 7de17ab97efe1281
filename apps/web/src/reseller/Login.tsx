import { PortalLogin } from '../ui/portal/PortalLogin';
import { PORTALS, portalGuestGuard } from '../ui/portal/portal';

export const loader = portalGuestGuard(PORTALS.reseller);

export default function ResellerLogin() {
  return <PortalLogin portal={PORTALS.reseller} />;
}
