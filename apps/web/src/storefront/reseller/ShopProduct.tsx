import type { ResellerShopProductPage } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { takeEarlyAnswer } from '../../lib/early';
import { NotFound } from '../../ui/NotFound';
import { useBootHandover } from '../boot';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { largeOf, PICTURE_SIZES, responsiveImage } from '../pictures';
import { addLine, useShop } from './shop';

/** One product of the shop at the reseller's price, with its options, and "Add to cart" into the shop's cart. */
export default function ShopProduct() {
  const { t } = useTranslation();
  const money = useMoney();
  const { shop, path, cart, setCart } = useShop();
  const productSlug = useParams().product ?? '';
  const url = `/_public/shop/${shop.slug}/product/${encodeURIComponent(productSlug)}`;
  const product = useQuery({
    queryKey: ['shop', shop.slug, 'product', productSlug],
    queryFn: () => get<ResellerShopProductPage>(url),
    initialData: () => takeEarlyAnswer<ResellerShopProductPage>(url),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  // The server's drawing of this page's top gives way once the product is drawn here (or has failed).
  useBootHandover(!product.isPending);
  const [variantId, setVariantId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);

  if (product.isPending) return <Loading />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound home={path()} inShell />;
    return <p role="alert">{product.error.message}</p>;
  }
  const data = product.data;
  // The option picked, else the first one in stock.
  const chosen =
    data.variants.find((variant) => variant.id === variantId) ?? data.variants.find((variant) => variant.stock > 0) ?? data.variants[0];
  // The large copy; the thumbnail stands for it when the product has no other picture.
  const picturePath = data.images[0] ?? (data.thumbnail ? largeOf(data.thumbnail) : null);
  const stock = chosen?.stock ?? data.variants.reduce((sum, variant) => sum + variant.stock, 0);

  const add = () => {
    if (!chosen) return;
    setCart(addLine(cart, chosen.id, quantity));
    setAdded(true);
  };

  return (
    <article className="s-product-page">
      <div className="s-gallery-main">
        {picturePath && (
          <img {...responsiveImage(picturePath, PICTURE_SIZES.product)} alt={data.name} width={600} height={600} fetchPriority="high" />
        )}
      </div>
      <div className="s-stack">
        <h1>{data.name}</h1>
        <span className="s-price s-price-big" data-testid="product-price">
          <strong>{money(chosen?.price ?? data.price)}</strong>
        </span>
        <p className="s-small">{stock > 0 ? t('store.inStock') : t('store.outOfStock')}</p>
        {data.variants.length > 1 && (
          <fieldset className="s-stack" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>{t('store.chooseOptions')}</legend>
            <div className="s-row">
              {data.variants.map((variant) => (
                <label key={variant.id} className="s-choice">
                  <input
                    type="radio"
                    name="variant"
                    checked={chosen?.id === variant.id}
                    disabled={variant.stock <= 0}
                    onChange={() => setVariantId(variant.id)}
                  />
                  {variant.label} · {money(variant.price)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="s-row">
          <div className="s-qty">
            <button type="button" aria-label={t('store.less')} disabled={quantity <= 1} onClick={() => setQuantity(quantity - 1)}>
              −
            </button>
            <span aria-live="polite">
              <span className="s-visually-hidden">{t('store.quantity')}: </span>
              {quantity}
            </span>
            <button
              type="button"
              aria-label={t('store.more')}
              disabled={quantity >= Math.max(1, stock)}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="s-btn" disabled={!chosen || stock <= 0} onClick={add}>
            {t('store.addToCart')}
          </button>
        </div>
        {added && (
          <p role="status" className="s-row">
            {t('store.addedToCart')}{' '}
            <Link to={path('cart')} className="s-link">
              {t('store.viewCart')}
            </Link>
          </p>
        )}
        {data.description && (
          <section className="s-stack">
            <h2>{t('store.description')}</h2>
            <p style={{ whiteSpace: 'pre-line' }}>{data.description}</p>
          </section>
        )}
      </div>
    </article>
  );
}
