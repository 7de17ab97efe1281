import { PortalShell } from '../ui/portal/PortalShell';
import { PORTALS, portalGuard } from '../ui/portal/portal';
import { PortalResourceAccess } from '../ui/portal/resource-access';
import { usePortalLinks } from './account/links';
import { resellerApiDocsLink } from './api-docs/routes';
import { resellerMoneyLinks } from './money/routes';
import { resellerSmsLinks } from './sms/routes';
import { resellerShopSettingLinks } from './storefront/routes';

/** Dropshipper pages need a reseller session; a visitor goes to /dropshipper/login. */
export const loader = portalGuard(PORTALS.reseller);

export default function ResellerShell() {
  const portalLinks = usePortalLinks();
  return (
    <PortalResourceAccess>
      <PortalShell
        portal={PORTALS.reseller}
        links={[
          ...portalLinks.main,
          ...resellerMoneyLinks,
          ...resellerSmsLinks,
          ...portalLinks.account,
          ...resellerShopSettingLinks,
          resellerApiDocsLink,
        ]}
      />
    </PortalResourceAccess>
  );
}
