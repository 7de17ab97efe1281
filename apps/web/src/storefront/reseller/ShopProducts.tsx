import type { ResellerShopListing, ResellerShopProduct } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { takeEarlyAnswer } from '../../lib/early';
import { useNumber } from '../../lib/numbers';
import { useBootHandover } from '../boot';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { type CardLoading, CardPicture, cardLoading } from '../ProductCard';
import { PICTURE_SIZES, responsiveImage } from '../pictures';
import { useShop } from './shop';

function ShopCard({ product, to, loading }: { product: ResellerShopProduct; to: string; loading: CardLoading }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (
    <Link to={to} className="s-product" data-testid="product-card">
      <CardPicture path={product.thumbnail} loading={loading} />
      {!product.in_stock && <span className="s-tag s-tag-out">{t('store.outOfStock')}</span>}
      <div className="s-product-body">
        <span className="s-product-name">{i18n.language === 'bn' && product.name_bn ? product.name_bn : product.name}</span>
        <span className="s-price">
          <strong>{money(product.price)}</strong>
        </span>
      </div>
    </Link>
  );
}

/** The shop's home page (all products, or those matching `?q=`) and a category's page, newest first, at the reseller's prices. */
export default function ShopProducts() {
  const { t } = useTranslation();
  const number = useNumber();
  const { shop, path } = useShop();
  const { categoryId } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = params.get('q')?.trim() ?? '';
  const query = new URLSearchParams({ page: String(page) });
  if (categoryId) query.set('category_id', categoryId);
  if (q) query.set('q', q);
  const url = `/_public/shop/${shop.slug}/products?${query}`;
  const listing = useQuery({
    queryKey: ['shop', shop.slug, 'products', categoryId ?? '', q, page],
    queryFn: () => get<ResellerShopListing>(url),
    // The first page as shop.html asked for it with the page (lib/early-boot.js): drawn at the first render.
    initialData: () => takeEarlyAnswer<ResellerShopListing>(url),
    placeholderData: (previous) => previous,
  });
  // The server's drawing of this page's top gives way once the products are drawn here (or have failed).
  useBootHandover(!listing.isPending);
  const category = shop.categories.find((each) => String(each.id) === categoryId);
  const title = q ? t('store.resultsFor', { q }) : (category?.name ?? t('store.welcome', { name: shop.name }));
  const turnTo = (to: number) => setParams(q ? { q, page: String(to) } : { page: String(to) });

  const slides = !categoryId && !q && page === 1 ? shop.sliders : [];
  return (
    <div className="s-stack">
      {slides.length > 0 && (
        <ul className="s-scroller" aria-label={t('store.highlights')} data-testid="shop-slides">
          {slides.map((slide, index) => {
            const picture = (
              <img
                {...responsiveImage(slide.image, PICTURE_SIZES.wide)}
                alt={slide.title}
                width={600}
                height={200}
                loading={index === 0 ? 'eager' : 'lazy'}
                // The first slide is the page's largest picture, preloaded with the same srcset by the server's HTML.
                fetchPriority={index === 0 ? 'high' : undefined}
                style={{ width: '100%', height: 'auto', aspectRatio: '3 / 1', objectFit: 'cover', borderRadius: 8 }}
              />
            );
            return (
              <li key={slide.id} style={{ minWidth: '100%' }}>
                {!slide.link ? (
                  picture
                ) : /^https?:/.test(slide.link) ? (
                  <a href={slide.link}>{picture}</a>
                ) : (
                  <Link to={slide.link}>{picture}</Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h1>{title}</h1>
      {listing.isPending ? (
        <Loading />
      ) : listing.isError ? (
        <p role="alert">{listing.error.message}</p>
      ) : listing.data.data.length === 0 ? (
        <p role={q ? 'status' : undefined}>{q ? t('store.noResults', { q }) : t('store.noProducts')}</p>
      ) : (
        <>
          <ul className="s-grid">
            {listing.data.data.map((product, index) => (
              <li key={product.id}>
                {/* Under a slide the cards are not the largest pictures: none is fetched first. */}
                <ShopCard product={product} to={path(`product/${product.slug}`)} loading={cardLoading(index, 4, slides.length ? 0 : 2)} />
              </li>
            ))}
          </ul>
          {listing.data.last_page > 1 && (
            <nav className="s-row s-between" aria-label={t('store.products')}>
              <button type="button" className="s-btn s-btn-secondary" disabled={page <= 1} onClick={() => turnTo(page - 1)}>
                {t('store.previous')}
              </button>
              <span className="s-small">
                {number(page)} / {number(listing.data.last_page)}
              </span>
              <button
                type="button"
                className="s-btn s-btn-secondary"
                disabled={page >= listing.data.last_page}
                onClick={() => turnTo(page + 1)}
              >
                {t('store.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
