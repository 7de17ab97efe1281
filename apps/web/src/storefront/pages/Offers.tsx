import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { dateLocaleReady } from '../../lib/i18n';
import { storeQueries } from '../api';
import { Banners } from '../Banners';
import { useCategoryUrl } from '../category-paths';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { ProductList } from '../ProductCard';

export async function loader() {
  await dateLocaleReady();
  return null;
}

/** `/offers`: the offer banners and every offer running now with what it applies to. */
export default function Offers() {
  const { t } = useTranslation();
  const money = useMoney();
  const categoryUrl = useCategoryUrl();
  const query = useQuery(storeQueries.offers);
  const data = query.data;
  return (
    <div className="s-stack">
      <h1>{t('store.offers')}</h1>
      {query.isPending && <Loading />}
      {data && data.offer_banner.length > 0 && <Banners banners={data.offer_banner} />}
      {!query.isPending && (data?.offers.length ?? 0) === 0 && <p className="s-empty">{t('store.noOffers')}</p>}
      {data?.offers.map((offer) => (
        <section key={offer.id} className="s-section s-stack" aria-labelledby={`offer-${offer.id}`}>
          <div className="s-section-head">
            <h2 id={`offer-${offer.id}`}>
              {offer.name}{' '}
              <span className="s-status">
                {offer.discount_type === 'percent'
                  ? t('store.percentOff', { percent: offer.percent_off })
                  : t('store.amountOff', { amount: money(offer.amount_off ?? 0) })}
              </span>
            </h2>
            <span className="s-muted s-small">{t('store.until', { date: formatDate(offer.ends_at) })}</span>
          </div>
          {offer.categories.length > 0 && (
            <p className="s-chips">
              {offer.categories.map((category) => (
                <Link key={category.id} to={categoryUrl(category.slug)} className="s-chip" style={{ textDecoration: 'none' }}>
                  {category.name}
                </Link>
              ))}
            </p>
          )}
          {offer.products.length > 0 && <ProductList products={offer.products} row />}
        </section>
      ))}
    </div>
  );
}
