import { usePhrase } from '../lib/phrases';
import { BalanceCard } from '../ui/portal/money/BalanceCard';
import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';
import { OrderFiguresCard } from './orders/OrderFiguresCard';

export default function ResellerDashboard() {
  const phrase = usePhrase();
  return (
    <PortalHome portal={PORTALS.reseller} heading={phrase('Reseller dashboard')}>
      <BalanceCard />
      <OrderFiguresCard />
    </PortalHome>
  );
}
