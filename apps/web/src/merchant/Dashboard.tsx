import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';

export default function MerchantDashboard() {
  return <PortalHome portal={PORTALS.merchant} heading="Merchant dashboard" />;
}
