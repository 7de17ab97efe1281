import { CART_LINE_LIMIT, type ProductAnswer, type PublicProduct } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { ApiError } from '../../lib/api';
import { dateLocaleReady } from '../../lib/i18n';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { useSiteInfo } from '../../lib/site';
import { usePageTitle } from '../../ui/Title';
import { storeQueries, useCartChange } from '../api';
import { useBootHandover } from '../boot';
import { useFormMessage } from '../form-messages';
import { Loading } from '../Loading';
import { PictureGallery } from '../PictureGallery';
import { Price, ProductList, Stars } from '../ProductCard';
import { quantityProblem } from '../quantity';
import { chosenVariant, type OptionChoice, pickable, VariantPicker } from '../VariantPicker';
import { WhenNear } from '../WhenNear';

// The reviews sit below the fold: their code, the form's and the dates' load once the page is drawn, with the
// date locale of the page's language.
const ProductReviews = lazy(() => Promise.all([import('../Reviews'), dateLocaleReady()]).then(([module]) => module));

/** Seed §2.1/§4: a product that is missing or not published sends the visitor to `/`. */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    await queryClient.ensureQueryData({ ...storeQueries.product(params.slug ?? ''), revalidateIfStale: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw redirect('/');
    // Anything else (no network) shows on the page with a retry.
  }
  return null;
}

/**
 * The product's pictures. Choosing an option a picture is linked to (a colour, set in the back office) shows that
 * picture; a thumbnail clicked afterwards shows its own until the choice changes again.
 */
function Gallery({ product, chosenValues }: { product: PublicProduct; chosenValues: number[] }) {
  const images = product.images;
  const chosenKey = chosenValues.join(',');
  const linked = images.findIndex((image) => image.attribute_value_id !== null && chosenValues.includes(image.attribute_value_id));
  const main = Math.max(
    0,
    images.findIndex((image) => image.is_main),
  );
  // A thumbnail clicked, for the choice it was clicked under.
  const [clicked, setClicked] = useState<{ key: string; index: number } | null>(null);
  const index = clicked?.key === chosenKey ? clicked.index : linked >= 0 ? linked : main;
  const setIndex = (position: number) => setClicked({ key: chosenKey, index: position });
  return <PictureGallery images={images} name={product.name} index={index} onChoose={setIndex} testId="product-picture" />;
}

/**
 * The quantity to add. Any whole number can be typed: one above what is left is said at the field ("Only 3 left"),
 * never changed behind the shopper's back; the buttons stop at what can be bought.
 */
function Quantity({
  value,
  max,
  errorId,
  invalid,
  onChange,
}: {
  value: number;
  max: number;
  /** The id of the message saying what is wrong with it, drawn below the buy bar's row. */
  errorId: string;
  invalid: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const whole = (next: number) => Math.max(1, Number.isFinite(next) ? Math.trunc(next) : 1);
  return (
    <fieldset className="s-qty">
      <legend className="s-visually-hidden">{t('store.quantity')}</legend>
      <button
        type="button"
        onClick={() => onChange(whole(Math.min(value, max + 1) - 1))}
        disabled={value <= 1}
        aria-label={t('store.less')}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        value={value}
        aria-label={t('store.quantity')}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        data-testid="product-quantity"
        onChange={(event) => onChange(whole(Number(event.currentTarget.value)))}
      />
      <button type="button" onClick={() => onChange(whole(value + 1))} disabled={value >= max} aria-label={t('store.more')}>
        +
      </button>
    </fieldset>
  );
}

function ProductView({ answer }: { answer: ProductAnswer }) {
  const { t } = useTranslation();
  const { product, rating_stars: stars } = answer;
  const site = useSiteInfo();
  usePageTitle(site ? `${product.name} | ${site.site_name}` : product.name);
  // Nothing is chosen for the shopper: a size bought by mistake comes back by courier.
  const [choice, setChoice] = useState<OptionChoice>({});
  const [quantity, setQuantity] = useState(1);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const change = useCartChange();
  const phrase = usePhrase();
  const say = useFormMessage();
  const number = useNumber();
  const pickerId = useId();

  // Variants made without attributes (a label each) are offered as the values of one "Option".
  const options = pickable(product.attributes, product.variants, phrase('Option'));
  const hasOptions = options.attributes.length > 0;
  // The variant to buy: the only one, or the one every group's choice points at.
  const picked = chosenVariant(options.attributes, options.variants, choice);
  const variant = picked ? product.variants.find((each) => each.id === picked.id) : hasOptions ? undefined : product.variants[0];
  const price = variant?.price ?? product.price;
  const retail = variant?.retail_price ?? product.retail_price;
  const stock = variant ? variant.stock : product.stock;
  const max = Math.max(1, Math.min(stock, CART_LINE_LIMIT));
  const quantityError = variant ? quantityProblem(quantity, stock, phrase) : null;
  const shownQuantityError = stock > 0 ? quantityError : null;
  const quantityErrorId = useId();
  const discount = retail > price ? Math.floor(((retail - price) * 100) / retail) : 0;

  const add = () => {
    if (!variant || quantityError) return;
    setMessage(null);
    change.mutate(
      { variantId: variant.id, quantity, mode: 'add' },
      {
        onSuccess: () => setMessage({ ok: true, text: t('store.addedToCart') }),
        onError: (error) => setMessage({ ok: false, text: say(error.message) ?? '' }),
      },
    );
  };

  return (
    <div className="s-stack">
      {product.category_path.length > 0 && (
        <nav aria-label={t('store.breadcrumb')}>
          <ol className="s-crumbs">
            <li>
              <Link to="/">{t('common.home')}</Link>
            </li>
            {product.category_path.map((step, index) => (
              <li key={step.id}>
                <Link
                  to={`/category/${product.category_path
                    .slice(0, index + 1)
                    .map((each) => each.slug)
                    .join('/')}`}
                >
                  {step.name}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="s-product-page">
        <Gallery product={product} chosenValues={variant ? variant.values.map((value) => value.id) : Object.values(choice)} />
        <div className="s-stack">
          <h1>{product.name}</h1>
          <div className="s-row">
            {product.brand && <span className="s-muted s-small">{product.brand.name}</span>}
            {stars.count > 0 && (
              <a href="#reviews" className="s-small">
                <Stars average={stars.average} count={stars.count} />
              </a>
            )}
          </div>
          <div className="s-row">
            <Price price={price} retail={retail} big />
            {discount > 0 && (
              <span className="s-tag" style={{ position: 'static' }}>
                −{number(discount)}%
              </span>
            )}
          </div>
          <p className={!variant && hasOptions ? 's-muted' : stock > 0 ? 's-stock-in' : 's-stock-out'} data-testid="stock-state">
            {!variant && hasOptions
              ? t('store.chooseOptions')
              : stock <= 0
                ? t('store.outOfStock')
                : stock <= 5
                  ? t('store.onlyLeft', { count: stock })
                  : t('store.inStock')}
          </p>
          {hasOptions && (
            <VariantPicker
              attributes={options.attributes}
              variants={options.variants}
              choice={choice}
              onChoose={setChoice}
              idPrefix={pickerId}
            />
          )}
          <div className="s-buy-bar">
            <div className="s-row">
              <Quantity value={quantity} max={max} errorId={quantityErrorId} invalid={shownQuantityError !== null} onChange={setQuantity} />
              <button
                type="button"
                className="s-btn"
                style={{ flex: 1 }}
                onClick={add}
                disabled={!variant || stock <= 0 || change.isPending}
              >
                {change.isPending ? t('store.adding') : t('store.addToCart')}
              </button>
            </div>
            {shownQuantityError && (
              <p id={quantityErrorId} className="s-field-error" role="alert" style={{ margin: '6px 0 0' }}>
                {shownQuantityError}
              </p>
            )}
            {message && (
              <p className={message.ok ? 's-alert s-alert-ok' : 's-alert'} role={message.ok ? 'status' : 'alert'} style={{ marginTop: 8 }}>
                {message.text}
                {message.ok && (
                  <>
                    {' '}
                    <Link to="/cart" className="s-link">
                      {t('store.viewCart')}
                    </Link>
                  </>
                )}
              </p>
            )}
          </div>
          {product.description && (
            <section aria-labelledby="product-description" className="s-stack">
              <h2 id="product-description">{t('store.description')}</h2>
              {/* Rich text sanitised by the server when it was saved. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
              <div className="s-description" dangerouslySetInnerHTML={{ __html: product.description }} />
            </section>
          )}
        </div>
      </div>

      <section id="reviews" aria-labelledby="product-reviews" className="s-section s-card s-stack">
        <h2 id="product-reviews">{t('store.reviews')}</h2>
        {/* Below the fold: the reviews' chunk and the dates they show load as the shopper scrolls near them. */}
        <WhenNear className="s-placeholder" anchor="reviews" margin="200px">
          <Suspense fallback={<Loading height={120} />}>
            <ProductReviews answer={answer} />
          </Suspense>
        </WhenNear>
      </section>

      {product.related.length > 0 && (
        <section className="s-section" aria-labelledby="product-related">
          <div className="s-section-head">
            <h2 id="product-related">{t('store.related')}</h2>
          </div>
          <ProductList products={product.related} row />
        </section>
      )}
    </div>
  );
}

export default function Product() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const query = useQuery(storeQueries.product(slug));
  // The server's drawing of this page's top gives way once the product is drawn here (or has failed).
  useBootHandover(!query.isPending);
  if (query.data) return <ProductView key={query.data.product.id} answer={query.data} />;
  if (query.isError)
    return (
      <div className="s-card s-stack">
        <h1>{t('common.errorTitle')}</h1>
        <p role="alert">{query.error.message}</p>
        <button type="button" className="s-btn" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  return <Loading height={360} />;
}
