import { PortalHome } from '../ui/portal/PortalHome';
import { PORTALS } from '../ui/portal/portal';
import { BalanceCard } from './money/BalanceCard';
import { OrderFiguresCard } from './orders/OrderFiguresCard';

export default function ResellerDashboard() {
  return (
    <PortalHome portal={PORTALS.reseller} heading="Reseller dashboard">
      <BalanceCard />
      <OrderFiguresCard />
    </PortalHome>
  );
}
