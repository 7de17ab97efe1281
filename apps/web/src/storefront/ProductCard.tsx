import type { ProductCard as Card } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../lib/image';
import { useMoney } from './money';

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
/** Stars out of five, with the number of reviews unless `count` is left out (one review's own stars). */
export function Stars({ average, count }: { average: number; count?: number }) {
  const { t } = useTranslation();
  const full = Math.round(average);
  return (
    <span className="s-stars">
      <span className="s-stars-icons" aria-hidden="true">
        {'★'.repeat(full)}
        {'☆'.repeat(5 - full)}
      </span>
      <span className="s-visually-hidden">{t('store.ratingOutOf', { average: average.toFixed(1) })}</span>
      {count !== undefined && <span>({t('store.reviewCount', { count })})</span>}
    </span>
  );
}

export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation();
  const picture = imageUrl(product.thumbnail);
  return (
    <Link to={`/product/${product.slug}`} className="s-product" data-testid="product-card">
      <div className="s-product-img">
        {picture && <img src={picture} alt="" width={360} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" />}
      </div>
      {product.discount_percent > 0 && <span className="s-tag">−{product.discount_percent}%</span>}
      {!product.in_stock && <span className="s-tag s-tag-out">{t('store.outOfStock')}</span>}
      <div className="s-product-body">
        <span className="s-product-name">{product.name}</span>
        <Price price={product.price} retail={product.retail_price} />
        {product.rating.count > 0 && <Stars average={product.rating.average} count={product.rating.count} />}
      </div>
    </Link>
  );
}

/** Cards in a grid (listings) or in one scrolling row (home sections). */
export function ProductList({ products, row = false, eagerCount = 0 }: { products: Card[]; row?: boolean; eagerCount?: number }) {
  return (
    <ul className={row ? 's-scroller' : 's-grid'}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
