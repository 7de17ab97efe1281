import type { ProductCard as Card } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNumber } from '../lib/numbers';
import { useMoney } from './money';
import { largeOf, PICTURE_SIZES, responsiveImage } from './pictures';

/** The price now, and the retail price struck through when something is taken off. */
export function Price({ price, retail, big = false }: { price: number; retail: number; big?: boolean }) {
  const money = useMoney();
  const { t } = useTranslation();
  return (
    <span className={big ? 's-price s-price-big' : 's-price'}>
      <strong>{money(price)}</strong>
      {retail > price && (
        <del>
          <span className="s-visually-hidden">{t('store.regularPrice')} </span>
          {money(retail)}
        </del>
      )}
    </span>
  );
}

/** Five stars (filled to the nearest half) and the number of reviews. */
/** A rating as the shop writes it: one decimal (4.5, ৪.৫). */
export const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** Stars out of five, with the number of reviews unless `count` is left out (one review's own stars). */
export function Stars({ average, count }: { average: number; count?: number }) {
  const { t } = useTranslation();
  const number = useNumber();
  const full = Math.round(average);
  return (
    <span className="s-stars">
      <span className="s-stars-icons" aria-hidden="true">
        {'★'.repeat(full)}
        {'☆'.repeat(5 - full)}
      </span>
      <span className="s-visually-hidden">{t('store.ratingOutOf', { average: number(average, ONE_DECIMAL) })}</span>
      {count !== undefined && <span>({t('store.reviewCount', { count })})</span>}
    </span>
  );
}

/**
 * How a card's picture loads: `priority` for the first row a phone shows (the page's largest pictures, fetched
 * before anything else), `eager` for the rest above the fold, lazily below it.
 */
export type CardLoading = 'priority' | 'eager' | 'lazy';

/**
 * The picture of a card, its place kept by the box's aspect ratio (store.css `.s-product-img`): `path` is the
 * product's thumbnail, and the card asks for the width of that picture its column needs.
 */
export function CardPicture({ path, loading }: { path: string | null; loading: CardLoading }) {
  return (
    <div className="s-product-img">
      {path && (
        <img
          {...responsiveImage(largeOf(path), PICTURE_SIZES.card)}
          alt=""
          width={360}
          height={360}
          loading={loading === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={loading === 'priority' ? 'high' : undefined}
          decoding="async"
        />
      )}
    </div>
  );
}

export function ProductCard({ product, loading = 'lazy' }: { product: Card; loading?: CardLoading }) {
  const { t, i18n } = useTranslation();
  const number = useNumber();
  // On a Bengali page the Bengali name, when the shop gave one.
  const name = i18n.language === 'bn' && product.name_bn ? product.name_bn : product.name;
  return (
    <Link to={`/product/${product.slug}`} className="s-product" data-testid="product-card">
      <CardPicture path={product.thumbnail} loading={loading} />
      {product.discount_percent > 0 && <span className="s-tag">−{number(product.discount_percent)}%</span>}
      {!product.in_stock && <span className="s-tag s-tag-out">{t('store.outOfStock')}</span>}
      <div className="s-product-body">
        <span className="s-product-name">{name}</span>
        <Price price={product.price} retail={product.retail_price} />
        {product.rating.count > 0 && <Stars average={product.rating.average} count={product.rating.count} />}
      </div>
    </Link>
  );
}

/** How the card at `index` loads its picture when the first `eagerCount` are above the fold, the first `priorityCount` first. */
export const cardLoading = (index: number, eagerCount: number, priorityCount = 0): CardLoading =>
  index < priorityCount ? 'priority' : index < eagerCount ? 'eager' : 'lazy';

/** Cards in a grid (listings) or in one scrolling row (home sections). */
export function ProductList({
  products,
  row = false,
  eagerCount = 0,
  priorityCount = 0,
}: {
  products: Card[];
  row?: boolean;
  eagerCount?: number;
  priorityCount?: number;
}) {
  return (
    <ul className={row ? 's-scroller' : 's-grid'}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} loading={cardLoading(index, eagerCount, priorityCount)} />
        </li>
      ))}
    </ul>
  );
}
