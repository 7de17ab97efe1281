import type { CheckoutQuote, CheckoutResult, LandingSection, PaymentPurpose, ProductPaymentRule, PublicLandingPage } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, get, post } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { usePhrase } from '../../lib/phrases';
import { useStorefrontInfo } from '../../lib/site';
import { NotFound } from '../../ui/NotFound';
import { usePageTitle } from '../../ui/Title';
import { useZodForm } from '../../ui/useZodForm';
import { useBootHandover } from '../boot';
import { CheckoutCode } from '../CheckoutCode';
import { DeliveryDetails } from '../DeliveryDetails';
import { ErrorSummary, useErrorSummary } from '../error-summary';
import { FormAlert } from '../fields';
import { useFormMessage } from '../form-messages';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { Totals } from '../OrderSummary';
import { type OfferedMethod, PaymentChoice, purposesOf, usePaymentChoice } from '../PaymentChoice';
import { PictureGallery } from '../PictureGallery';
import { Price } from '../ProductCard';
import { type PayStart, payStartState } from '../pay-link';
import { PICTURE_SIZES, responsiveImage } from '../pictures';
import { rememberPlacedOrder } from '../placed-order';

/** The order contract (and zod with it) loads once the page is idle: the page's first load stays small. */
const loadLandingInput = () => import('../landing-input').then((module) => module.landingOrderInput);

/** The most of one option a landing order takes (the contract's `quantity`). */
const MOST = 20;

/** A random UUID; `crypto.randomUUID` exists only on HTTPS and localhost (as the checkout makes its key). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The methods the product's payment rule leaves (decision 062): `delivery` takes cash on delivery away, `full`
 * also the gateways' "delivery charge now". When nothing would be left (the shop takes no online payment), the
 * shop's list stays and the server's refusal says why.
 */
export function methodsForRule(methods: OfferedMethod[], rule: ProductPaymentRule): OfferedMethod[] {
  if (rule === 'any') return methods;
  const allowed = methods
    .filter((method) => method.code !== 'cod')
    .map((method) => ({ ...method, purposes: purposesOf(method).filter((purpose) => rule !== 'full' || purpose === 'full') }))
    .filter((method) => method.purposes.length > 0);
  return allowed.length > 0 ? allowed : methods;
}

/** A YouTube video's id from any of its links (watch, youtu.be, shorts, embed), or null. */
function youtubeId(link: string): string | null {
  try {
    const url = new URL(link);
    const host = url.hostname.replace(/^(www|m)\./, '');
    const id =
      host === 'youtu.be'
        ? url.pathname.split('/')[1]
        : host === 'youtube.com' || host === 'youtube-nocookie.com'
          ? (url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1])
          : null;
    return id && /^[\w-]{6,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

type Product = PublicLandingPage['product'];

/** The product's pictures: the main one large, the others as thumbnails that show it. */
function Gallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  if (product.images.length === 0) return null;
  return <PictureGallery images={product.images} name={product.name} index={index} onChoose={setIndex} testId="landing-picture" />;
}

/** Plain text as the back office keeps it: a paragraph per line. */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n+/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
          <p key={index}>{line}</p>
        ))}
    </>
  );
}

function VideoSection({ section }: { section: LandingSection }) {
  const phrase = usePhrase();
  const id = youtubeId(section.content);
  // A picture of the video that opens it on its own site: no player's code on the page (a phone on a slow
  // network), nothing framed from elsewhere (the shop's Content-Security-Policy).
  return (
    <section className="s-landing-section s-stack">
      {section.title && <h2>{section.title}</h2>}
      <a className="s-landing-video" href={section.content} target="_blank" rel="noopener noreferrer">
        {id && <img src={`https://i.ytimg.com/vi/${id}/hqdefault.jpg`} alt="" width={480} height={360} loading="lazy" />}
        <span className="s-landing-play">
          <span aria-hidden="true">▶</span> {phrase('Watch the video')}
          <span className="s-visually-hidden"> {phrase('(opens in a new tab)')}</span>
        </span>
      </a>
    </section>
  );
}

/** Consecutive sections of one kind (questions, testimonials) shown as one block. */
function groupSections(sections: LandingSection[]): LandingSection[][] {
  const groups: LandingSection[][] = [];
  for (const section of sections) {
    const last = groups.at(-1);
    if (last?.[0]?.type === section.type && (section.type === 'faq' || section.type === 'testimonial')) last.push(section);
    else groups.push([section]);
  }
  return groups;
}

/** The page's sections in the order the back office keeps them: text, pictures, videos, questions, testimonials. */
function Sections({ sections }: { sections: LandingSection[] }) {
  const phrase = usePhrase();
  return (
    <div className="s-landing-sections s-stack">
      {groupSections(sections).map((group, index) => {
        const [first] = group;
        if (!first) return null;
        const key = `${index}-${first.type}`;
        if (first.type === 'faq')
          return (
            <section key={key} className="s-landing-section s-stack">
              <h2>{phrase('Questions and answers')}</h2>
              {group.map((section) => (
                <details key={section.title} className="s-landing-faq">
                  <summary>{section.title}</summary>
                  <Paragraphs text={section.content} />
                </details>
              ))}
            </section>
          );
        if (first.type === 'testimonial')
          return (
            <section key={key} className="s-landing-section s-stack">
              <h2>{phrase('What buyers say')}</h2>
              {group.map((section) => (
                <figure key={`${section.title}-${section.content.slice(0, 20)}`} className="s-landing-quote">
                  <blockquote>
                    <Paragraphs text={section.content} />
                  </blockquote>
                  <figcaption>{section.title}</figcaption>
                </figure>
              ))}
            </section>
          );
        if (first.type === 'image')
          return (
            <figure key={key} className="s-landing-section s-landing-figure">
              <img {...responsiveImage(first.content, PICTURE_SIZES.wide)} alt={first.title} loading="lazy" />
              {first.title && <figcaption>{first.title}</figcaption>}
            </figure>
          );
        if (first.type === 'video') return <VideoSection key={key} section={first} />;
        return (
          <section key={key} className="s-landing-section s-stack">
            {first.title && <h2>{first.title}</h2>}
            <Paragraphs text={first.content} />
          </section>
        );
      })}
    </div>
  );
}

interface OrderValues {
  name: string;
  phone: string;
  address: string;
  city_id: string;
  sub_city_id: string;
  note: string;
  payment_method: string;
  payment_purpose: PaymentPurpose | null;
  idempotency_key: string;
  otp_code: string;
  variant_id: string;
  quantity: string;
}

/**
 * The order form: the option and quantity, who and where, the payment choice (as the checkout offers it, within the
 * product's payment rule), the order's summary quoted by the server for the place, and the page's button. The
 * order's idempotency key is made once per visit: a double click or a resend places one order.
 */
function OrderForm({ answer, slug }: { answer: PublicLandingPage; slug: string }) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const number = useNumber();
  const money = useMoney();
  const say = useFormMessage();
  const navigate = useNavigate();
  const { product, landing_page: page } = answer;
  const inStock = product.variants.filter((variant) => variant.stock > 0);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useZodForm(loadLandingInput, {
    name: '',
    phone: '',
    address: '',
    city_id: '',
    sub_city_id: '',
    note: '',
    payment_method: 'cod',
    payment_purpose: null,
    idempotency_key: idempotencyKey,
    otp_code: '',
    // One option: chosen already. Several: nothing is chosen for the shopper (a wrong size comes back by courier).
    variant_id: product.variants.length === 1 && inStock.length === 1 ? String(inStock[0]?.id) : '',
    quantity: '1',
  } satisfies OrderValues as never);
  const values = form.values as unknown as OrderValues;
  const summary = useErrorSummary(form.errors);
  const submitting = useRef(false);

  const variant = product.variants.find((each) => String(each.id) === values.variant_id);
  const quantity = Math.trunc(Number(values.quantity)) || 0;
  const most = Math.max(1, Math.min(variant?.stock ?? MOST, MOST));
  const unitPrice = variant?.price ?? product.price;
  const subtotal = unitPrice * Math.max(quantity, 1);
  const cityId = Number(values.city_id) || 0;
  const subCityId = Number(values.sub_city_id) || 0;
  // The delivery charge, the methods offered and the product's rule, from the server for the place; the parcel's
  // weight is the product's, whichever option: before one is chosen the first in stock is quoted.
  const quotedVariant = variant?.id ?? inStock[0]?.id ?? 0;
  const quotedQuantity = Math.min(Math.max(quantity, 1), MOST);
  const quote = useQuery({
    queryKey: ['store', 'landing-quote', slug, quotedVariant, quotedQuantity, cityId, subCityId],
    queryFn: () =>
      post<CheckoutQuote>(`/_public/landing/${encodeURIComponent(slug)}/quote`, {
        variant_id: quotedVariant,
        quantity: quotedQuantity,
        city_id: cityId,
        sub_city_id: subCityId || null,
      }),
    enabled: cityId > 0 && quotedVariant > 0,
    placeholderData: (previous) => previous,
    retry: false,
  });
  const delivery = quote.data && cityId ? quote.data.delivery_charge : null;
  const site = useStorefrontInfo();
  const methods = methodsForRule(
    quote.data?.payment_methods ?? site?.payment_methods ?? [{ code: 'cod', label: t('store.cashOnDelivery') }],
    quote.data?.payment_rule ?? product.payment_rule,
  );
  const payment = usePaymentChoice(form, methods);

  const setQuantity = (next: number) => form.setValue('quantity', String(Math.min(Math.max(1, next), Math.max(most, 1))));
  // A smaller stock for the option chosen brings the quantity down to it.
  useEffect(() => {
    if (variant && quantity > most) form.setValue('quantity', String(most));
  }, [variant, quantity, most, form.setValue]);

  const submit = form.onSubmit(async (_parsed, input) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      const online = input.payment_method !== 'cod';
      const placed = await post<CheckoutResult & { pay_url?: string | null }>(`/_public/landing/${encodeURIComponent(slug)}/order`, {
        ...input,
        payment_purpose: online ? input.payment_purpose : null,
      });
      const payUrl = placed.pay_url ?? null;
      rememberPlacedOrder(placed.order, payUrl);
      // An order awaiting its online payment goes to its pay page, which starts the chosen gateway at once.
      if (payUrl && placed.order.payment_status === 'awaiting') {
        navigate(payUrl, { replace: true, state: payStartState(placed.order.payment_method) satisfies PayStart });
        return;
      }
      navigate(`/order/${encodeURIComponent(placed.order.number)}/thanks`, { replace: true, state: { order: placed.order } });
    } finally {
      submitting.current = false;
    }
  });

  const variantError = form.errors.variant_id;
  const quantityError = form.errors.quantity;
  const soldOut = inStock.length === 0;
  return (
    <form id="landing-order" ref={summary.formRef} onSubmit={summary.watch(submit)} noValidate className="s-landing-order s-stack">
      <FormAlert>{form.formError}</FormAlert>
      <div className="s-checkout">
        <div className="s-stack">
          <section className="s-card s-stack" aria-labelledby="landing-order-title">
            <h2 id="landing-order-title">{phrase('Your order')}</h2>
            {product.variants.length > 1 && (
              <fieldset className="s-landing-options">
                <legend>{t('store.chooseOptions')}</legend>
                <div className="s-chips">
                  {product.variants.map((option) => {
                    const id = `landing-variant_id-${option.id}`;
                    return (
                      <label key={option.id} htmlFor={id} className="s-chip s-option">
                        <input
                          type="radio"
                          id={id}
                          name="variant_id"
                          value={String(option.id)}
                          checked={values.variant_id === String(option.id)}
                          disabled={option.stock <= 0}
                          onChange={() => form.setValue('variant_id', String(option.id))}
                          aria-invalid={variantError ? true : undefined}
                          aria-describedby={variantError ? 'landing-variant_id-error' : undefined}
                        />
                        {option.label}
                        {option.price !== product.price && <span className="s-muted"> · {money(option.price)}</span>}
                        {option.stock <= 0 && <span> ({t('store.outOfStock')})</span>}
                      </label>
                    );
                  })}
                </div>
                {variantError && (
                  <span id="landing-variant_id-error" className="s-field-error" role="alert">
                    {say(variantError)}
                  </span>
                )}
              </fieldset>
            )}
            <div className="s-stack" style={{ gap: 6 }}>
              <label htmlFor="landing-quantity" style={{ fontWeight: 600 }}>
                {t('store.quantity')}
              </label>
              <div className="s-row">
                <div className="s-qty">
                  <button type="button" onClick={() => setQuantity(quantity - 1)} disabled={quantity <= 1} aria-label={t('store.less')}>
                    −
                  </button>
                  <input
                    id="landing-quantity"
                    name="quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={most}
                    value={values.quantity}
                    onChange={(event) => form.setValue('quantity', event.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
                    aria-invalid={quantityError ? true : undefined}
                    aria-describedby={quantityError ? 'landing-quantity-error' : undefined}
                  />
                  <button type="button" onClick={() => setQuantity(quantity + 1)} disabled={quantity >= most} aria-label={t('store.more')}>
                    +
                  </button>
                </div>
                {variant && variant.stock > 0 && variant.stock <= 5 && (
                  <span className="s-small s-stock-out">{t('store.onlyLeft', { count: variant.stock })}</span>
                )}
              </div>
              {quantityError && (
                <span id="landing-quantity-error" className="s-field-error" role="alert">
                  {say(quantityError)}
                </span>
              )}
            </div>
          </section>
          <DeliveryDetails form={form} headingId="landing-delivery" />
          <PaymentChoice id="landing" {...payment.props} total={delivery === null ? null : subtotal + delivery} delivery={delivery} />
        </div>

        <section className="s-card s-stack s-landing-summary" aria-labelledby="landing-summary">
          <h2 id="landing-summary">{t('store.orderSummary')}</h2>
          <div className="s-row s-between s-small" data-testid="landing-line">
            <span>
              {product.name}
              {variant?.label && ` (${variant.label})`} × {number(Math.max(quantity, 1))}
            </span>
            <span>{money(subtotal)}</span>
          </div>
          <div aria-live="polite">
            <Totals
              subtotal={subtotal}
              delivery={delivery}
              discount={0}
              total={subtotal + (delivery ?? 0)}
              deliveryPending={phrase('Once you choose the district')}
            />
          </div>
          {quote.isError && !(quote.error instanceof ApiError && quote.error.status === 422) && (
            <p className="s-alert" role="alert">
              {say(quote.error.message)}
            </p>
          )}
          <CheckoutCode form={form} />
          <ErrorSummary summary={summary} id="landing-errors" />
          <button
            type="submit"
            className="s-btn s-btn-block s-landing-submit"
            disabled={form.submitting || soldOut}
            aria-describedby={
              [summary.fields.length > 0 ? 'landing-errors' : '', page.order_form.delivery_note ? 'landing-delivery-note' : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            {form.submitting
              ? t('store.placingOrder')
              : soldOut
                ? t('store.outOfStock')
                : payment.method === 'cod'
                  ? page.order_form.button_text
                  : phrase('Place order and pay')}
          </button>
          {page.order_form.delivery_note && (
            <p id="landing-delivery-note" className="s-small s-muted" style={{ margin: 0 }}>
              {page.order_form.delivery_note}
            </p>
          )}
        </section>
      </div>
    </form>
  );
}

function LandingView({ answer, slug }: { answer: PublicLandingPage; slug: string }) {
  const { t } = useTranslation();
  const number = useNumber();
  const { landing_page: page, product } = answer;
  const retail = product.retail_price;
  const discount = retail > product.price ? Math.floor(((retail - product.price) * 100) / retail) : 0;
  const stock = product.variants.reduce((sum, variant) => sum + Math.max(variant.stock, 0), 0);
  return (
    <div className="s-stack s-landing">
      <div className="s-product-page">
        <Gallery product={product} />
        <div className="s-stack">
          <h1>{page.headline}</h1>
          {page.headline.toLowerCase().includes(product.name.toLowerCase()) ? null : <p className="s-muted">{product.name}</p>}
          <div className="s-row" data-testid="landing-price">
            <Price price={product.price} retail={retail} big />
            {discount > 0 && (
              <span className="s-tag" style={{ position: 'static' }}>
                −{number(discount)}%
              </span>
            )}
          </div>
          <p className={stock > 0 ? 's-stock-in' : 's-stock-out'}>
            {stock <= 0 ? t('store.outOfStock') : stock <= 5 ? t('store.onlyLeft', { count: stock }) : t('store.inStock')}
          </p>
          <a href="#landing-order" className="s-btn s-btn-block s-landing-cta">
            {page.order_form.button_text}
          </a>
          {page.order_form.delivery_note && <p className="s-small s-muted">{page.order_form.delivery_note}</p>}
        </div>
      </div>
      {page.sections.length > 0 ? (
        <Sections sections={page.sections} />
      ) : (
        product.description && (
          <section className="s-landing-sections s-landing-section s-stack" aria-labelledby="landing-description">
            <h2 id="landing-description">{t('store.description')}</h2>
            {/* Rich text sanitised by the server when it was saved. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: see above */}
            <div className="s-description" dangerouslySetInnerHTML={{ __html: product.description }} />
          </section>
        )
      )}
      <OrderForm answer={answer} slug={slug} />
    </div>
  );
}

/**
 * `/landing/{slug}`: a one-product page for ad traffic (the back office's landing pages) — the headline, the
 * product's pictures and price, the page's sections, then the order form. An unknown or hidden page is a 404.
 */
export default function Landing() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['store', 'landing', slug],
    queryFn: () => get<PublicLandingPage>(`/_public/landing/${encodeURIComponent(slug)}`),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  // The server drew the page's top (its first paint): it goes once the page is in.
  useBootHandover(!query.isPending);
  // The page's title is its headline.
  usePageTitle(query.data?.landing_page.headline ?? (missing ? t('common.notFoundTitle') : null));
  if (query.data) return <LandingView key={query.data.landing_page.id} answer={query.data} slug={slug} />;
  if (missing) return <NotFound inShell />;
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
