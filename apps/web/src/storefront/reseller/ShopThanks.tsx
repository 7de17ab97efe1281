import type { ResellerShopPlaced } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { AdvanceHoldNotice } from '../AdvanceHoldNotice';
import { useMoney } from '../money';
import { PaymentOutcome } from '../PaymentOutcome';
import { payLinkIn } from '../pay-link';
import { useShop } from './shop';

/** The confirmation after checkout in a reseller's shop. */
export default function ShopThanks() {
  const { t } = useTranslation();
  const money = useMoney();
  const { shop, path } = useShop();
  const { number = '' } = useParams();
  const [search] = useSearchParams();
  const state = useLocation().state as { placed?: ResellerShopPlaced & { pay_url?: string | null }; phone?: string } | null;
  const payUrl = state?.placed?.pay_url ?? null;
  const paidParam = search.get('paid') === '1';
  const phrase = usePhrase();
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
      <p>{payUrl || paidParam ? phrase('We have your order.') : t('store.thanksText')}</p>
      {state?.phone && <p>{t('store.thanksCall', { phone: state.phone })}</p>}
      <AdvanceHoldNotice onHold={state?.placed?.on_hold === true && !payUrl} />
      <PaymentOutcome
        number={number}
        payUrl={payUrl}
        payHref={payUrl ? payLinkIn(payUrl, path) : null}
        paidParam={paidParam}
        placedStatus={payUrl ? 'awaiting' : null}
      />
      <Link to={path()} className="s-btn">
        {t('store.keepShopping')}
      </Link>
      <p className="s-small">{shop.name}</p>
    </div>
  );
}
