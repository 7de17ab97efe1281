import type { ResellerShopPlaced } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { AdvanceHoldNotice } from '../CheckoutCode';
import { useMoney } from '../money';
import { useShop } from './shop';

/** The confirmation after checkout in a reseller's shop. */
export default function ShopThanks() {
  const { t } = useTranslation();
  const money = useMoney();
  const { shop, path } = useShop();
  const { number } = useParams();
  const state = useLocation().state as { placed?: ResellerShopPlaced; phone?: string } | null;
  return (
    <div className="s-card s-stack" style={{ alignItems: 'flex-start' }} data-testid="order-thanks">
      <h1>{t('store.thanksTitle')}</h1>
      <p>
        {t('store.orderNumber')}: <strong data-testid="order-number">{number}</strong>
      </p>
      {state?.placed && (
        <p>
          {t('store.total')}: <strong>{money(state.placed.total)}</strong>
        </p>
      )}
      <p>{t('store.thanksText')}</p>
      {state?.phone && <p>{t('store.thanksCall', { phone: state.phone })}</p>}
      <AdvanceHoldNotice onHold={state?.placed?.on_hold === true} />
      <Link to={path()} className="s-btn">
        {t('store.keepShopping')}
      </Link>
      <p className="s-small">{shop.name}</p>
    </div>
  );
}
