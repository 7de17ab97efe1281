import type { PortalLink } from '../../ui/portal/PortalShell';
import { useText } from './kit';

/** The portal menu's entries for products, orders and the account pages, in the reader's language. */
export function usePortalLinks(): { main: PortalLink[]; account: PortalLink[] } {
  const { t } = useText();
  return {
    main: [
      { label: t('dashboard', 'Dashboard'), to: '/dropshipper/dashboard' },
      { label: t('productsTitle', 'Products'), to: '/dropshipper/products/show' },
      { label: t('addOrderTitle', 'Add new order'), to: '/dropshipper/add/new/order' },
      { label: t('menuOrders', 'Orders'), to: '/dropshipper/order/1' },
      { label: t('customersTitle', 'My customers'), to: '/dropshipper/customer' },
    ],
    account: [
      { label: t('informationTitle', 'Reseller information'), to: '/dropshipper/reseller/information' },
      { label: t('profileTitle', 'My profile'), to: '/dropshipper/profile' },
      { label: t('companyTitle', 'Company information'), to: '/dropshipper/company/info' },
      { label: t('colorTitle', 'Colour setting'), to: '/dropshipper/color/setting' },
      { label: t('deliveryChargeTitle', 'Delivery charge'), to: '/dropshipper/delivery/charge' },
      { label: t('securityTitle', 'Security'), to: '/dropshipper/security/edit' },
      { label: t('referTitle', 'Refer list'), to: '/dropshipper/refer/list' },
    ],
  };
}
