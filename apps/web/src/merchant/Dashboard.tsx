import { usePhrase } from '../lib/phrases';
import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';

export default function MerchantDashboard() {
  const phrase = usePhrase();
  return <PortalHome portal={PORTALS.merchant} heading={phrase('Merchant dashboard')} />;
}
