import {
  type CartContent,
  type CategoryAnswer,
  formatMoney,
  type ListingAnswer,
  PICTURE_SIZES,
  type ProductAnswer,
  type ProductCard,
  type PublicLandingPage,
  pictureSources,
  type ResellerShopInfo,
  type ResellerShopListing,
  type ResellerShopProduct,
  type ResellerShopProductPage,
  type SliderAnswer,
  THEME_DEFAULTS,
} from '@haat/contracts';
import type { Db } from '../../db/client';
import { readSetting, SETTING_GROUPS } from '../settings';
import { escapeHtml } from './seo.service';

/**
 * The top of a storefront page as the server draws it, in the HTML it sends (docs/decisions/011 and 022): the
 * shop's header and, where the server knows them, the page's first pictures — the home page's first slide, a
 * category's first products, a product's picture, a reseller shop's products or product. It is the app's own
 * markup with the app's own classes (storefront/store.css, inline in shop.html), laid over the page (`#boot`)
 * while the app draws the same beneath it; the page removes it once its own drawing is in (storefront/boot.ts).
 * A phone on a slow network sees the page, its largest picture included, before the app's code has arrived.
 *
 * Kept the same as the app's components, side by side: StoreLayout.tsx and SearchBox.tsx (header), Slider.tsx,
 * ProductCard.tsx, pages/Listing.tsx, pages/Product.tsx, reseller/ShopLayout.tsx, ShopProducts.tsx and
 * ShopProduct.tsx. The words are the app's English ones (apps/web/src/i18n/en.ts); a shopper reading Bengali
 * sees them turn when the app takes over.
 */
export interface FirstPaint {
  /** Goes first in the head: the preload of the page's largest picture, when there is one. */
  head: string;
  /** Goes before `<div id="root">`. */
  body: string;
  /** The page's language: the drawing's words, and `<html lang>`. */
  language: PageLanguage;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';
/** A number in the page's digits, as the app writes it (web lib/i18n.ts, lib/numbers.ts). */
const digitsIn = (language: PageLanguage) => (value: number | string) =>
  language === 'bn' ? String(value).replace(/\d/g, (digit) => BENGALI_DIGITS.charAt(Number(digit))) : String(value);

/** The languages the storefront is written in (web lib/i18n.ts's LANGUAGES). */
export type PageLanguage = 'en' | 'bn';

/**
 * The app's words the drawing shows, in both its languages: apps/web/src/i18n/en.ts and bn.ts (`store.*`,
 * `common.*`) and the storefront's phrasebook (storefront/phrases.bn.ts), word for word.
 */
const WORDS = {
  en: {
    home: 'Home',
    searchLabel: 'Search products',
    searchPlaceholder: 'Search for products, brands and more',
    search: 'Search',
    regularPrice: 'Regular price',
    outOfStock: 'Out of stock',
    inStock: 'In stock',
    onlyLeft: (count: string) => `Only ${count} left`,
    filters: 'Filters',
    sortBy: 'Sort by',
    newest: 'Newest',
    products: (count: string, n: number) => `${count} ${n === 1 ? 'product' : 'products'}`,
    reviews: (count: string, n: number) => `(${count} ${n === 1 ? 'review' : 'reviews'})`,
    rated: (average: string) => `Rated ${average} out of 5`,
    welcome: (name: string) => `Welcome to ${name}`,
    cart: 'Cart',
    cartEmpty: 'Your cart is empty.',
    keepShopping: 'Continue shopping',
    quantityOf: (name: string) => `Quantity of ${name}`,
    less: 'One less',
    more: 'One more',
    remove: 'Remove',
    orderSummary: 'Order summary',
    items: (count: string, n: number) => `${count} ${n === 1 ? 'item' : 'items'}`,
    subtotal: 'Subtotal',
    delivery: 'Delivery charge',
    deliveryAfterCity: 'Chosen at checkout',
    total: 'Total',
    checkout: 'Checkout',
    checkoutGuest: 'No account needed. Have one?',
    signIn: 'Sign in',
    categoryMenu: 'Shop by category',
  },
  bn: {
    home: 'হোম',
    searchLabel: 'পণ্য খুঁজুন',
    searchPlaceholder: 'পণ্য, ব্র্যান্ড ও আরও কিছু খুঁজুন',
    search: 'খুঁজুন',
    regularPrice: 'নিয়মিত দাম',
    outOfStock: 'স্টকে নেই',
    inStock: 'স্টকে আছে',
    onlyLeft: (count: string) => `মাত্র ${count}টি বাকি`,
    filters: 'ফিল্টার',
    sortBy: 'সাজান',
    newest: 'নতুন আগে',
    products: (count: string) => `${count}টি পণ্য`,
    reviews: (count: string) => `(${count}টি রিভিউ)`,
    rated: (average: string) => `৫-এর মধ্যে ${average} রেটিং`,
    welcome: (name: string) => `${name}-এ স্বাগতম`,
    cart: 'কার্ট',
    cartEmpty: 'আপনার কার্ট খালি।',
    keepShopping: 'কেনাকাটা চালিয়ে যান',
    quantityOf: (name: string) => `${name}-এর পরিমাণ`,
    less: 'একটি কম',
    more: 'একটি বেশি',
    remove: 'সরান',
    orderSummary: 'অর্ডারের সারাংশ',
    items: (count: string) => `${count}টি পণ্য`,
    subtotal: 'উপমোট',
    delivery: 'ডেলিভারি চার্জ',
    deliveryAfterCity: 'চেকআউটে হিসাব হবে',
    total: 'মোট',
    checkout: 'চেকআউট',
    checkoutGuest: 'অ্যাকাউন্ট লাগবে না। অ্যাকাউন্ট আছে?',
    signIn: 'সাইন ইন',
    categoryMenu: 'ক্যাটাগরি অনুযায়ী কেনাকাটা',
  },
} satisfies Record<PageLanguage, unknown>;
const LANGUAGE_LABELS = ['English', 'বাংলা'];

/**
 * The language the app will show this visitor, decided as web lib/i18n.ts decides it: the one they chose (kept in
 * the `haat_language` cookie beside localStorage), else Bengali when their browser asks for it first, else the
 * shop's default (`null` here: the frame reads it from the settings; lib/i18n.ts's applyShopLanguage).
 */
export function requestedLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): PageLanguage | null {
  const chosen = /(?:^|;\s*)haat_language=(en|bn)(?:;|$)/.exec(cookieHeader ?? '')?.[1];
  if (chosen === 'en' || chosen === 'bn') return chosen;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('bn') ? 'bn' : null;
}

/** The first products of a listing the drawing shows: two rows on a phone, one on a wide screen. */
const LISTING_CARDS = 4;
/** Of those, the ones in the first row on a phone: fetched first, the page's largest pictures. */
const FIRST_ROW = 2;

/**
 * The image base link of seed §3, as the web app's lib/image.ts makes it: `/../public/storage/`
 * when the host is an IP address or localhost, `/storage/` on a real host name.
 */
export function imageBaseLink(hostname: string): string {
  const host = hostname.replace(/:\d+$/, '');
  const local = host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  return local ? '/../public/storage/' : '/storage/';
}

/** WCAG relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black on a background, as storefront/store-theme.ts's readableTextOn decides. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111111') ? '#ffffff' : '#111111';
}

const colour = (value: string | null | undefined, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
const attribute = (value: string) => escapeHtml(value);
/** A thumbnail's large copy, the one its other widths are named after (`products/abc-thumb.webp` → `products/abc.webp`). */
const largeOf = (thumbnail: string) => thumbnail.replace(/-thumb\.webp$/, '.webp');
const text = (value: string) => escapeHtml(value);

/** The few line icons the header draws (storefront/icons.tsx). */
const ICONS = {
  cart: '<circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2 3h3l2.5 12h11.5l2-8H6.2"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>',
  phone: '<path d="M5 3h4l2 5-3 2a12 12 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z"/>',
} as const;
const icon = (name: keyof typeof ICONS) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;

/**
 * A stored picture's `src`, `srcset` and `sizes` attributes, as the app's components draw them (@haat/contracts'
 * pictureSources and PICTURE_SIZES, web storefront/pictures.ts): the browser picks the same file for both.
 */
function pictureAttributes(base: string, path: string, sizes: string): { attributes: string; link: string } {
  const { src, srcSet } = pictureSources(base, path);
  const responsive = srcSet ? ` srcset="${attribute(srcSet)}" sizes="${sizes}"` : '';
  return { attributes: `src="${attribute(src)}"${responsive}`, link: preload(src, srcSet, sizes) };
}

/** The preload of the page's largest picture, the first thing in the head: asked for before anything else. */
function preload(href: string, srcset?: string, sizes?: string): string {
  const responsive = srcset && sizes ? ` imagesrcset="${attribute(srcset)}" imagesizes="${sizes}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}"${responsive}>`;
}

/**
 * The shop's frame as StoreLayout draws it (theme colours, announcement, header with search and menu), from the
 * settings; the page's own part goes in `main`. Made once per image base link and reused while the settings stand.
 */
export interface StoreFrame {
  /** The image base link the pictures use. */
  base: string;
  currencySymbol: string;
  /** The page's language (the visitor's, else the shop's default): its words, and its digits in prices and counts. */
  language: PageLanguage;
  /** While the back office has closed the storefront, the app shows a notice instead of any page. */
  closed: boolean;
  /** `.store`'s opening tag and the header, up to the page's own part. */
  top: string;
}

export async function storeFrame(db: Db, base: string, requested: PageLanguage | null): Promise<StoreFrame> {
  const [general, header, theme, configuration] = await Promise.all([
    readSetting(db, SETTING_GROUPS.general),
    readSetting(db, SETTING_GROUPS.header),
    readSetting(db, SETTING_GROUPS.theme),
    readSetting(db, SETTING_GROUPS.configuration),
  ]);
  const language: PageLanguage = requested ?? (general.default_language === 'bn' ? 'bn' : 'en');
  const words = WORDS[language];
  const primary = colour(theme.primary_color, THEME_DEFAULTS.primary_color);
  const accent = colour(theme.accent_color, THEME_DEFAULTS.accent_color);
  const font =
    theme.font_family && theme.font_family !== 'system'
      ? `font-family:"${theme.font_family.replace(/[^a-zA-Z0-9 ]/g, '')}", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Bengali", sans-serif;`
      : '';
  const style = [
    `--haat-primary:${primary}`,
    `--haat-on-primary:${readableTextOn(primary)}`,
    `--haat-accent:${accent}`,
    `--haat-on-accent:${readableTextOn(accent)}`,
    `--haat-accent-text:${contrastRatio(accent, '#ffffff') >= 4.5 ? accent : '#1f2330'}`,
  ].join(';');
  const logo = general.logo ? `<img src="${attribute(`${base}${general.logo}`)}" alt="" height="32">` : '';
  const phone = header.phone
    ? `<a class="s-icon-link s-header-phone" href="tel:${attribute(header.phone.replace(/[^\d+]/g, ''))}">${icon('phone')}${text(header.phone)}</a>`
    : '';
  const languages = LANGUAGE_LABELS.map(
    (label, index) => `<option${(index === 0) === (language === 'en') ? ' selected' : ''}>${text(label)}</option>`,
  ).join('');
  const menu = header.menu_links.length
    ? `<div class="s-menu">${header.menu_links.map((link) => `<a>${text(link.label)}</a>`).join('')}</div>`
    : '';
  const top = [
    `<div class="store" style="${style};${font}">`,
    header.announcement_text ? `<p class="s-announce">${text(header.announcement_text)}</p>` : '',
    '<div class="s-header"><div class="s-wrap"><div class="s-header-top">',
    `<a class="s-brand">${logo}<span>${text(general.site_name)}</span></a>`,
    `<div class="s-header-actions">${phone}<select class="s-lang">${languages}</select>`,
    `<a class="s-icon-link">${icon('user')}</a><a class="s-icon-link">${icon('cart')}</a></div></div>`,
    '<div class="s-header-search"><div class="s-search"><form>',
    `<input type="search" placeholder="${attribute(words.searchPlaceholder)}" aria-label="${attribute(words.searchLabel)}">`,
    `<button type="button" aria-label="${attribute(words.search)}">${icon('search')}</button></form></div></div>`,
    `${menu}</div></div>`,
  ].join('');
  return {
    base,
    currencySymbol: general.currency_symbol || '৳',
    language,
    closed: configuration.storefront_enabled === false,
    top,
  };
}

/**
 * The drawing put together: the frame, the page's own part in `.s-main`, and the address it was drawn for as the
 * browser shows it. With a part of the page's own (`data-page`) the page removes it once its drawing is in; with the
 * header alone the layout does at once (storefront/boot.ts). `inert` and `aria-hidden`: nothing in it can be
 * focused, clicked or read out; taps go through to the app's page beneath, the one to use.
 */
function drawing(frame: { top: string; language: PageLanguage }, path: string, main: string, head = ''): FirstPaint {
  const page = main ? ' data-page' : '';
  return {
    head,
    language: frame.language,
    body: `<div id="boot" inert aria-hidden="true" data-path="${attribute(path)}"${page}>${frame.top}<div class="s-main"><div class="s-wrap">${main}</div></div></div></div>`,
  };
}

/** The frame's words. */
const wordsOf = (frame: { language: PageLanguage }) => WORDS[frame.language];

const moneyIn = (frame: StoreFrame) => (paisa: number) => text(formatMoney(paisa, frame.currencySymbol, frame.language));

/** ProductCard.tsx's price: now, and the retail price struck through when something is taken off. */
function price(frame: StoreFrame, now: number, retail: number, big = false): string {
  const money = moneyIn(frame);
  const was = retail > now ? `<del><span class="s-visually-hidden">${wordsOf(frame).regularPrice} </span>${money(retail)}</del>` : '';
  return `<span class="${big ? 's-price s-price-big' : 's-price'}"><strong>${money(now)}</strong>${was}</span>`;
}

/** ProductCard.tsx's stars and review count. */
function stars(frame: StoreFrame, average: number, count: number): string {
  const full = Math.round(average);
  const words = wordsOf(frame);
  const digits = digitsIn(frame.language);
  return `<span class="s-stars"><span class="s-stars-icons" aria-hidden="true">${'★'.repeat(full)}${'☆'.repeat(5 - full)}</span><span class="s-visually-hidden">${words.rated(digits(average.toFixed(1)))}</span><span>${words.reviews(digits(count), count)}</span></span>`;
}

/** One card of ProductCard.tsx (or ShopProducts.tsx's ShopCard) with its picture fetched at once. */
function card(
  frame: StoreFrame,
  product: Pick<ProductCard, 'name' | 'thumbnail' | 'price' | 'in_stock'> &
    Partial<Pick<ProductCard, 'retail_price' | 'discount_percent' | 'rating'>>,
  first: boolean,
): string {
  const picture = product.thumbnail
    ? `<img ${pictureAttributes(frame.base, largeOf(product.thumbnail), PICTURE_SIZES.card).attributes} alt="" width="360" height="360" loading="eager"${first ? ' fetchpriority="high" decoding="sync"' : ' decoding="async"'}>`
    : '';
  const tag = product.discount_percent ? `<span class="s-tag">−${digitsIn(frame.language)(product.discount_percent)}%</span>` : '';
  const out = product.in_stock ? '' : `<span class="s-tag s-tag-out">${wordsOf(frame).outOfStock}</span>`;
  const rating = product.rating && product.rating.count > 0 ? stars(frame, product.rating.average, product.rating.count) : '';
  const shownPrice =
    product.retail_price === undefined
      ? `<span class="s-price"><strong>${moneyIn(frame)(product.price)}</strong></span>`
      : price(frame, product.price, product.retail_price);
  return `<li><a class="s-product"><div class="s-product-img">${picture}</div>${tag}${out}<div class="s-product-body"><span class="s-product-name">${text(product.name)}</span>${shownPrice}${rating}</div></a></li>`;
}

/** The preload of a listing's first picture, the one a phone shows largest first. */
const firstCardPreload = (frame: StoreFrame, cards: { thumbnail: string | null }[]) => {
  const thumbnail = cards[0]?.thumbnail;
  return thumbnail ? pictureAttributes(frame.base, largeOf(thumbnail), PICTURE_SIZES.card).link : '';
};

/** A crumb trail as Listing.tsx and Product.tsx draw it: Home, then each step (the last one current on a listing). */
function crumbs(frame: StoreFrame, steps: { name: string; slug: string }[], lastIsCurrent: boolean): string {
  const items = steps.map((step, index) => {
    if (index === steps.length - 1 && lastIsCurrent) return `<li><span>${text(step.name)}</span></li>`;
    const href = `/category/${steps
      .slice(0, index + 1)
      .map((each) => encodeURIComponent(each.slug))
      .join('/')}`;
    return `<li><a href="${attribute(href)}">${text(step.name)}</a></li>`;
  });
  return `<div><ol class="s-crumbs"><li><a href="/">${wordsOf(frame).home}</a></li>${items.join('')}</ol></div>`;
}

// ---- The shop's own pages --------------------------------------------------------------------------------

/** Any storefront page: the header alone (the cart, checkout, account, pages the server has no picture for). */
export function framePaint(frame: StoreFrame, path: string): FirstPaint {
  return drawing(frame, path, '');
}

/** CategoryMenu.tsx's list of top categories and their sub categories (shown by store.css on a wide screen only). */
function categoryMenu(frame: StoreFrame, catalogue: CategoryAnswer | null): string {
  const categories = catalogue?.categories ?? [];
  if (categories.length === 0) return '<div class="s-home-menu"></div>';
  const items = categories.map((category) => {
    const subs = category.sub_categories.length
      ? `<ul>${category.sub_categories.map((sub) => `<li><a href="${attribute(`/category/${category.slug}/${sub.slug}`)}">${text(sub.name)}</a></li>`).join('')}</ul>`
      : '';
    return `<li><a href="${attribute(`/category/${category.slug}`)}">${text(category.name)}</a>${subs}</li>`;
  });
  return `<nav class="s-home-menu" aria-label="${attribute(wordsOf(frame).categoryMenu)}"><ul>${items.join('')}</ul></nav>`;
}

/**
 * `/`: the header, and as pages/Home.tsx draws its top: the category menu (wide screens) beside the first slide, the
 * same size as Slider.tsx draws it (5 : 2 on phones).
 */
export function homePaint(frame: StoreFrame, path: string, slider: SliderAnswer | null, catalogue: CategoryAnswer | null): FirstPaint {
  const slide = slider?.sliders[0];
  const menu = categoryMenu(frame, catalogue);
  if (!slide) return drawing(frame, path, `<div class="s-home-top">${menu}<div></div></div>`);
  const picture = pictureAttributes(frame.base, slide.image, PICTURE_SIZES.wide);
  const alt = [slide.title, slide.subtitle].filter(Boolean).join(' — ');
  const main = [
    `<div class="s-home-top">${menu}<div class="s-slider"><div class="s-slides"><div class="s-slide">`,
    `<img ${picture.attributes} width="1200" height="450" alt="${attribute(alt)}" fetchpriority="high" decoding="sync">`,
    '</div></div></div></div>',
  ].join('');
  return drawing(frame, path, main, picture.link);
}

/**
 * `/category/…`: as Listing.tsx draws its first page — crumbs, heading and count, the sub-categories, the closed
 * filter panel, the sort and the first products, the first row's pictures fetched first.
 */
export function listingPaint(
  frame: StoreFrame,
  path: string,
  listing: ListingAnswer,
  catalogue: CategoryAnswer | null,
  slugs: string[],
): FirstPaint {
  const category = listing.category;
  const [slug, sub, subsub] = slugs;
  const top = catalogue?.categories.find((each) => each.slug === slug);
  const middle = sub ? top?.sub_categories.find((each) => each.slug === sub) : undefined;
  const children = !slug || subsub ? [] : middle ? middle.sub_sub_categories : (top?.sub_categories ?? []);
  const heading = category?.name ?? middle?.name ?? top?.name ?? 'Products';
  const cards = listing.data.slice(0, LISTING_CARDS);
  const main = [
    '<div class="s-stack">',
    category && category.path.length > 0 ? crumbs(frame, category.path, true) : '',
    `<div class="s-row s-between"><h1>${text(heading)}</h1><span class="s-muted s-small">${wordsOf(frame).products(digitsIn(frame.language)(listing.total), listing.total)}</span></div>`,
    children.length > 0
      ? `<div class="s-chips">${children.map((child) => `<a class="s-chip" style="text-decoration:none">${text(child.name)}</a>`).join('')}</div>`
      : '',
    '<div class="s-listing">',
    `<details class="s-filter-panel"><summary>${wordsOf(frame).filters}</summary></details>`,
    '<div class="s-stack">',
    `<div class="s-toolbar"><div class="s-field"><label>${wordsOf(frame).sortBy}</label><select><option>${wordsOf(frame).newest}</option></select></div></div>`,
    cards.length ? `<ul class="s-grid">${cards.map((each, index) => card(frame, each, index < FIRST_ROW)).join('')}</ul>` : '',
    '</div></div></div>',
  ].join('');
  return drawing(frame, path, main, firstCardPreload(frame, cards));
}

/** `/product/…`: as Product.tsx draws its top — crumbs, the main picture and the others' thumbnails, name, brand, price. */
export function productPaint(frame: StoreFrame, path: string, answer: ProductAnswer): FirstPaint {
  const { product, rating_stars: rating } = answer;
  const images = product.images;
  const current = images.find((image) => image.is_main) ?? images[0];
  const single = product.attributes.length === 0 ? product.variants[0] : undefined;
  const now = single?.price ?? product.price;
  const retail = single?.retail_price ?? product.retail_price;
  const discount = retail > now ? Math.floor(((retail - now) * 100) / retail) : 0;
  let picture = '';
  let head = '';
  if (current) {
    const main = pictureAttributes(frame.base, current.path, PICTURE_SIZES.product);
    picture = `<img ${main.attributes} alt="${attribute(product.name)}" width="1200" height="1200" fetchpriority="high" decoding="sync">`;
    head = main.link;
  }
  const thumbs =
    images.length > 1
      ? `<ul class="s-thumbs">${images
          .map(
            (image) =>
              `<li><button type="button" aria-pressed="${image === current}"><img ${pictureAttributes(frame.base, image.path, PICTURE_SIZES.tile).attributes} alt="" width="64" height="64"></button></li>`,
          )
          .join('')}</ul>`
      : '';
  const byline = [
    product.brand ? `<span class="s-muted s-small">${text(product.brand.name)}</span>` : '',
    rating.count > 0 ? `<a class="s-small">${stars(frame, rating.average, rating.count)}</a>` : '',
  ].join('');
  const main = [
    '<div class="s-stack">',
    product.category_path.length > 0 ? crumbs(frame, product.category_path, false) : '',
    '<div class="s-product-page">',
    `<div><div class="s-gallery-main">${picture}</div>${thumbs}</div>`,
    `<div class="s-stack"><h1>${text(product.name)}</h1><div class="s-row">${byline}</div>`,
    `<div class="s-row">${price(frame, now, retail, true)}${discount > 0 ? `<span class="s-tag" style="position:static">−${digitsIn(frame.language)(discount)}%</span>` : ''}</div>`,
    '</div></div></div>',
  ].join('');
  return drawing(frame, path, main, head);
}

/**
 * `/landing/…`: as pages/Landing.tsx draws its top — the main picture and the others' thumbnails, the headline, the
 * product's name when the headline does not say it, the price (the retail one struck through) and what is off, the
 * stock, the button to the order form and the delivery note.
 */
export function landingPaint(frame: StoreFrame, path: string, answer: PublicLandingPage): FirstPaint {
  const { landing_page: page, product } = answer;
  const words = wordsOf(frame);
  const digits = digitsIn(frame.language);
  const current = product.images[0];
  let picture = '';
  let head = '';
  if (current) {
    const main = pictureAttributes(frame.base, current.path, PICTURE_SIZES.product);
    picture = `<div class="s-gallery-main"><img ${main.attributes} alt="${attribute(product.name)}" width="1200" height="1200" fetchpriority="high" decoding="sync"></div>`;
    head = main.link;
  }
  const thumbs =
    product.images.length > 1
      ? `<ul class="s-thumbs">${product.images
          .map(
            (image, index) =>
              `<li><button type="button" aria-pressed="${index === 0}"><img ${pictureAttributes(frame.base, image.path, PICTURE_SIZES.tile).attributes} alt="" width="64" height="64"></button></li>`,
          )
          .join('')}</ul>`
      : '';
  const retail = product.retail_price;
  const discount = retail > product.price ? Math.floor(((retail - product.price) * 100) / retail) : 0;
  const stock = product.variants.reduce((sum, variant) => sum + Math.max(variant.stock, 0), 0);
  const stockLine =
    stock <= 0
      ? `<p class="s-stock-out">${words.outOfStock}</p>`
      : `<p class="s-stock-in">${stock <= 5 ? words.onlyLeft(digits(stock)) : words.inStock}</p>`;
  const main = [
    '<div class="s-stack s-landing"><div class="s-product-page">',
    current ? `<div>${picture}${thumbs}</div>` : '',
    `<div class="s-stack"><h1>${text(page.headline)}</h1>`,
    page.headline.toLowerCase().includes(product.name.toLowerCase()) ? '' : `<p class="s-muted">${text(product.name)}</p>`,
    `<div class="s-row">${price(frame, product.price, retail, true)}${discount > 0 ? `<span class="s-tag" style="position:static">−${digits(discount)}%</span>` : ''}</div>`,
    stockLine,
    `<a class="s-btn s-btn-block s-landing-cta">${text(page.order_form.button_text)}</a>`,
    page.order_form.delivery_note ? `<p class="s-small s-muted">${text(page.order_form.delivery_note)}</p>` : '',
    '</div></div></div>',
  ].join('');
  return drawing(frame, path, main, head);
}

/**
 * `/cart`: as pages/Cart.tsx draws it from the browser's cart (`/_public/cartToContent` with its cookies) — the
 * lines with their pictures, prices and quantities, and the summary. A cart with a line the shop flags (out of
 * stock, fewer left) is left to the app, which words the problem in the shopper's language.
 */
export function cartPaint(frame: StoreFrame, path: string, cart: CartContent): FirstPaint {
  const money = moneyIn(frame);
  const words = wordsOf(frame);
  const digits = digitsIn(frame.language);
  if (cart.cart_content.some((line) => line.problem)) return framePaint(frame, path);
  const empty = `<div class="s-card s-stack" style="align-items:flex-start"><p>${words.cartEmpty}</p><a href="/" class="s-btn">${words.keepShopping}</a></div>`;
  const lines = cart.cart_content.map((line) => {
    const label = line.variant_label ? `${line.name} (${line.variant_label})` : line.name;
    const picture = line.thumbnail
      ? `<img src="${attribute(`${frame.base}${line.thumbnail}`)}" alt="" width="72" height="72">`
      : '<span class="s-line-ph"></span>';
    const was =
      line.regular_price > line.unit_price ? `<del class="s-muted s-small" style="margin-left:6px">${money(line.regular_price)}</del>` : '';
    return [
      `<li class="s-line">${picture}<div class="s-stack" style="gap:6px">`,
      `<div><a href="/product/${attribute(encodeURIComponent(line.slug))}" style="font-weight:600">${text(line.name)}</a>`,
      line.variant_label ? `<div class="s-muted s-small">${text(line.variant_label)}</div>` : '',
      `</div><div class="s-row s-between"><span>${money(line.unit_price)}${was}</span><strong>${money(line.line_total)}</strong></div>`,
      `<div class="s-row s-between"><fieldset class="s-qty"><legend class="s-visually-hidden">${text(words.quantityOf(label))}</legend>`,
      `<button type="button" aria-label="${words.less}"${line.quantity <= 1 ? ' disabled' : ''}>−</button>`,
      `<input type="number" value="${line.quantity}" aria-label="${attribute(words.quantityOf(label))}">`,
      `<button type="button" aria-label="${words.more}">+</button></fieldset>`,
      `<button type="button" class="s-btn s-btn-secondary s-btn-small">${words.remove}<span class="s-visually-hidden"> ${text(label)}</span></button>`,
      '</div></div></li>',
    ].join('');
  });
  const summary = [
    `<div class="s-card s-stack"><h2>${words.orderSummary}</h2><p class="s-muted s-small">${words.items(digits(cart.item_count), cart.item_count)}</p>`,
    `<dl class="s-totals"><div><dt>${words.subtotal}</dt><dd>${money(cart.cart_total)}</dd></div>`,
    `<div><dt>${words.delivery}</dt><dd>${words.deliveryAfterCity}</dd></div>`,
    `<div class="s-total"><dt>${words.total}</dt><dd>${money(cart.cart_total)}</dd></div></dl>`,
    `<a href="/checkout" class="s-btn s-btn-block">${words.checkout}</a>`,
    `<a href="/" class="s-link s-small" style="text-align:center">${words.keepShopping}</a></div>`,
  ].join('');
  const content = lines.length ? `<div class="s-checkout"><ul class="s-lines">${lines.join('')}</ul>${summary}</div>` : empty;
  return drawing(frame, path, `<div class="s-stack"><h1>${words.cart}</h1>${content}</div>`);
}

/**
 * `/checkout` for a guest: as pages/Checkout.tsx draws its top before the cart is in — the heading and the line
 * offering to sign in (in Bengali the largest text on a phone's first screen: drawn here, it does not wait for the
 * app's code, its Bengali and the cart). A signed-in customer's checkout gets the header alone.
 */
export function checkoutPaint(frame: StoreFrame, path: string, signedIn: boolean): FirstPaint {
  if (signedIn) return framePaint(frame, path);
  const words = wordsOf(frame);
  return drawing(
    frame,
    path,
    `<div class="s-stack"><h1>${words.checkout}</h1><p class="s-small">${words.checkoutGuest} <a href="/login?next=/checkout" class="s-link">${words.signIn}</a></p></div>`,
  );
}

// ---- A reseller's shop ----------------------------------------------------------------------------------

/** reseller/ShopLayout.tsx's frame: the reseller's name and colours, their search, their categories, a cart of the shop's own. */
function shopFrame(frame: StoreFrame, shop: ResellerShopInfo): { top: string; language: PageLanguage } {
  const primary = colour(shop.colors.primary, THEME_DEFAULTS.primary_color);
  const secondary = colour(shop.colors.secondary, THEME_DEFAULTS.accent_color);
  const style = [
    `--haat-primary:${primary}`,
    `--haat-on-primary:${colour(shop.colors.header_text, readableTextOn(primary))}`,
    `--haat-accent:${secondary}`,
    `--haat-on-accent:${readableTextOn(secondary)}`,
    `--haat-accent-text:${contrastRatio(secondary, '#ffffff') >= 4.5 ? secondary : '#1f2330'}`,
  ].join(';');
  const logo = shop.logo ? `<img src="${attribute(`${frame.base}${shop.logo}`)}" alt="" width="40" height="40">` : '';
  const menu = shop.categories.length
    ? `<div class="s-menu"><a>${wordsOf(frame).home}</a>${shop.categories.map((category) => `<a>${text(category.name)}</a>`).join('')}</div>`
    : '';
  return {
    language: frame.language,
    top: [
      `<div class="store" style="${style}">`,
      '<div class="s-header"><div class="s-wrap"><div class="s-header-top">',
      `<a class="s-brand">${logo}<span>${text(shop.name)}</span></a>`,
      `<div class="s-header-actions"><a class="s-icon-link">${icon('cart')}</a></div></div>`,
      '<div class="s-header-search"><div class="s-search"><form>',
      `<input type="search" placeholder="${attribute(wordsOf(frame).searchLabel)}" aria-label="${attribute(wordsOf(frame).searchLabel)}">`,
      `<button type="button" aria-label="${attribute(wordsOf(frame).search)}">${icon('search')}</button></form></div></div>`,
      `${menu}</div></div>`,
    ].join(''),
  };
}

/** Any page of a reseller's shop: its header alone (its cart, checkout, pages). */
export function shopFramePaint(frame: StoreFrame, path: string, shop: ResellerShopInfo): FirstPaint {
  return drawing(shopFrame(frame, shop), path, '');
}

/** `/shop/{slug}` and its categories: as ShopProducts.tsx draws them — the first slide, the welcome, the first products. */
export function shopProductsPaint(
  frame: StoreFrame,
  path: string,
  shop: ResellerShopInfo,
  listing: ResellerShopListing,
  categoryId: string | undefined,
): FirstPaint {
  const category = shop.categories.find((each) => String(each.id) === categoryId);
  const slide = !categoryId ? shop.sliders[0] : undefined;
  const cards = listing.data.slice(0, LISTING_CARDS);
  const slidePicture = slide ? pictureAttributes(frame.base, slide.image, PICTURE_SIZES.wide) : null;
  const slides = slidePicture
    ? `<ul class="s-scroller"><li style="min-width:100%"><img ${slidePicture.attributes} alt="${attribute(slide?.title ?? '')}" width="600" height="200" loading="eager" fetchpriority="high" style="width:100%;height:auto;aspect-ratio:3 / 1;object-fit:cover;border-radius:8px"></li></ul>`
    : '';
  const grid = cards.length
    ? `<ul class="s-grid">${cards.map((each: ResellerShopProduct, index) => card(frame, each, !slide && index < FIRST_ROW)).join('')}</ul>`
    : '';
  const main = `<div class="s-stack">${slides}<h1>${text(category?.name ?? wordsOf(frame).welcome(shop.name))}</h1>${grid}</div>`;
  return drawing(shopFrame(frame, shop), path, main, slidePicture ? slidePicture.link : firstCardPreload(frame, cards));
}

/** `/shop/{slug}/product/…`: as ShopProduct.tsx draws its top — the picture, name and price at the reseller's price. */
export function shopProductPaint(frame: StoreFrame, path: string, shop: ResellerShopInfo, product: ResellerShopProductPage): FirstPaint {
  const path0 = product.images[0] ?? (product.thumbnail ? largeOf(product.thumbnail) : null);
  let picture = '';
  let head = '';
  if (path0) {
    const main = pictureAttributes(frame.base, path0, PICTURE_SIZES.product);
    picture = `<img ${main.attributes} alt="${attribute(product.name)}" width="600" height="600" fetchpriority="high" decoding="sync">`;
    head = main.link;
  }
  const main = [
    `<div class="s-product-page"><div class="s-gallery-main">${picture}</div>`,
    `<div class="s-stack"><h1>${text(product.name)}</h1>`,
    // Nothing is chosen on the page at first: the product's own price, as ShopProduct.tsx shows it until then.
    `<span class="s-price s-price-big"><strong>${moneyIn(frame)(product.price)}</strong></span></div></div>`,
  ].join('');
  return drawing(shopFrame(frame, shop), path, main, head);
}

/**
 * The page with the first paint put in: the preload first in the head (before the styles, the early calls and
 * the scripts, so the picture is the first thing asked for), the drawing before the app's root.
 */
export function withFirstPaint(page: string, paint: FirstPaint): string {
  const html = page.replace(/<html lang="[a-z-]*"/i, `<html lang="${paint.language}"`);
  const viewport = /<meta\s+name=["']viewport["'][^>]*>/i.exec(html);
  const at = viewport ? viewport.index + viewport[0].length : html.search(/<\/head>/i);
  const headed = !paint.head || at === -1 ? html : `${html.slice(0, at)}\n    ${paint.head}${html.slice(at)}`;
  const root = headed.indexOf('<div id="root">');
  return root === -1 ? headed : `${headed.slice(0, root)}${paint.body}\n    ${headed.slice(root)}`;
}
