import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';

export default function ResellerDashboard() {
  return <PortalHome portal={PORTALS.reseller} heading="Reseller dashboard" />;
}
