import type { ResellerShopProductPage } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { takeEarlyAnswer } from '../../lib/early';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { NotFound } from '../../ui/NotFound';
import { useBootHandover } from '../boot';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { largeOf, PICTURE_SIZES, responsiveImage } from '../pictures';
import { chosenVariant, groupId, type OptionChoice, pickable, unchosen, VariantPicker } from '../VariantPicker';
import { addLine, useShop } from './shop';

/** One product of the shop at the reseller's price, with its options, and "Add to cart" into the shop's cart. */
export default function ShopProduct() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const number = useNumber();
  const money = useMoney();
  const pickerId = useId();
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
  const [choice, setChoice] = useState<OptionChoice>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);

  if (product.isPending) return <Loading />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound home={path()} inShell />;
    return <p role="alert">{product.error.message}</p>;
  }
  const data = product.data;
  const options = pickable(data.attributes, data.variants, phrase('Option'));
  // Nothing is chosen for the shopper; a product without options is its one variant.
  const chosen = chosenVariant(options.attributes, options.variants, choice);
  // The large copy; the thumbnail stands for it when the product has no other picture.
  const picturePath = data.images[0] ?? (data.thumbnail ? largeOf(data.thumbnail) : null);
  const stock = chosen ? chosen.stock : data.variants.reduce((sum, variant) => sum + variant.stock, 0);
  const most = Math.max(1, Math.min(stock, 1000));
  const shownQuantity = Math.min(quantity, most);

  const choose = (next: OptionChoice) => {
    setChoice(next);
    setMissing((asked) => asked.filter((name) => next[name] === undefined));
    setAdded(false);
  };

  const add = () => {
    const toChoose = unchosen(options.attributes, choice);
    if (!chosen || toChoose.length > 0) {
      // "Add to cart" before every option is chosen: each group left says so, and the first takes the focus.
      setMissing(toChoose.map((attribute) => attribute.name));
      const first = toChoose[0];
      if (first) {
        const group = document.getElementById(groupId(pickerId, first.name));
        group?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        group?.focus({ preventScroll: true });
      }
      return;
    }
    setCart(addLine(cart, chosen.id, shownQuantity));
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
        <p className="s-small" data-testid="stock-state">
          {options.attributes.length > 0 && !chosen
            ? t('store.chooseOptions')
            : stock <= 0
              ? t('store.outOfStock')
              : stock <= 5
                ? phrase('Only {{n}} left', { n: number(stock) })
                : t('store.inStock')}
        </p>
        {options.attributes.length > 0 && (
          <VariantPicker
            attributes={options.attributes}
            variants={options.variants}
            choice={choice}
            onChoose={choose}
            idPrefix={pickerId}
            missing={missing}
          />
        )}
        <div className="s-row">
          <div className="s-qty">
            <button type="button" aria-label={t('store.less')} disabled={shownQuantity <= 1} onClick={() => setQuantity(shownQuantity - 1)}>
              −
            </button>
            <span aria-live="polite">
              <span className="s-visually-hidden">{t('store.quantity')}: </span>
              {number(shownQuantity)}
            </span>
            <button
              type="button"
              aria-label={t('store.more')}
              disabled={shownQuantity >= most}
              onClick={() => setQuantity(shownQuantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className="s-btn" disabled={stock <= 0} onClick={add}>
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
          <section className="s-stack" aria-labelledby={`${pickerId}-description`}>
            <h2 id={`${pickerId}-description`}>{t('store.description')}</h2>
            {/* Safe HTML from the server: the catalogue's rich text was sanitised when it was saved, the reseller's own
                plain text is escaped into paragraphs (the API's resellers/shop/shop-description.ts). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
            <div className="s-description" data-testid="product-description" dangerouslySetInnerHTML={{ __html: data.description }} />
          </section>
        )}
      </div>
    </article>
  );
}
