import { fromPaisa, type GeneralSetting } from '@haat/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import { isOtherAreaPath } from '../../http/web';
import { productRatingStars, publishedPage, publishedPageAddresses } from '../content';
import { nextMarketingChange, PriceBook, publicCampaign, publicLandingPage, runningCampaigns } from '../marketing';
import { productPictures, publishedProductAddresses, publishedProductCount } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import type { CatalogueSnapshot, CategoryNode, StorefrontContext } from './catalogue-snapshot';
import { findPublishedProduct } from './product-page.service';
import { jsonLdScript, type ProductFacts, productJsonLd } from './structured-data';

/** Sitemaps hold at most 50,000 addresses; above this many products the sitemap becomes an index of parts. */
export const SITEMAP_PART_SIZE = 40_000;
const DESCRIPTION_LENGTH = 160;

/** What goes into a page's head: filled in on the server so search engines and link previews see it. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null for pages that should not be indexed. */
  canonical: string | null;
  /** Absolute address of the large picture. */
  image: string | null;
  type: 'website' | 'product';
  price: { amount: string; currency: string } | null;
  noindex: boolean;
  siteName: string;
  /** schema.org data for the page (a product's price and stock), written as JSON-LD. */
  structuredData?: unknown;
}

/**
 * The head of pages another module draws under an address of its own (a reseller's shop under `/shop/`):
 * given the address's parts after the area, its title and the rest, or null for a page that is not there.
 * `image` is a stored picture's path; `siteName` names the shop the page belongs to.
 */
export type AreaPageHead = (
  db: Db,
  parts: string[],
) => Promise<{
  title: string;
  description?: string;
  image?: string | null;
  siteName: string;
  indexable: boolean;
  /** A product page's facts, for its structured data (the shop's own price). */
  product?: ProductFacts;
} | null>;

/** The scheme and host the visitor used (behind a proxy, what it forwarded when TRUST_PROXY is set). */
export function originOf(request: FastifyRequest): string {
  const host = request.host.replace(/[^a-zA-Z0-9.:[\]-]/g, '');
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host || 'localhost'}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? character,
  );
}

/** Rich text as one plain line of at most `length` characters, cut at a word. */
export function plainText(html: string, length = DESCRIPTION_LENGTH): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A storage path as an absolute address (seed §3: /storage/ on a real host). */
const imageUrl = (origin: string, path: string | null | undefined) => (path ? `${origin}/storage/${path.replace(/^\/+/, '')}` : null);

/** The category's page address: `/category/top/sub/subsub`. */
export function categoryPath(catalogue: CatalogueSnapshot, node: CategoryNode): string {
  return `/category/${catalogue
    .path(node.id)
    .map((step) => encodeURIComponent(step.slug))
    .join('/')}`;
}

function siteDefaults(general: GeneralSetting, origin: string): PageHead {
  const siteName = general.site_name;
  return {
    title: general.tagline ? `${siteName} | ${general.tagline}` : siteName,
    description: general.tagline || 'Shop online with cash on delivery across Bangladesh.',
    canonical: null,
    image: imageUrl(origin, general.logo),
    type: 'website',
    price: null,
    noindex: true,
    siteName,
  };
}

/** Pages that are the shopper's own or change with every visit: never indexed. */
const PRIVATE_PAGES = [
  /^\/cart\/?$/,
  /^\/checkout\/?$/,
  /^\/order\//,
  /^\/track\/?$/,
  /^\/login\/?$/,
  /^\/register\/?$/,
  /^\/account(\/|$)/,
  /^\/search\/?$/,
];

const segment = (value: string | undefined) => {
  try {
    return value ? decodeURIComponent(value) : '';
  } catch {
    return '';
  }
};

/**
 * The head of a storefront page: the product's, category's, campaign's or page's title,
 * description, picture and address; the site's own for anything else. A product, category,
 * campaign or page that is not there (or not published) keeps the site's head and is not indexed —
 * the page itself still loads, and its script sends the visitor home. Null for the back office.
 */
export async function pageHead(
  ctx: StorefrontContext,
  path: string,
  origin: string,
  areaHeads: Record<string, AreaPageHead> = {},
): Promise<PageHead | null> {
  // The back office and the portals keep the page as built.
  if (isOtherAreaPath(path)) return null;
  const general = await readSetting(ctx.db, SETTING_GROUPS.general);
  const site = siteDefaults(general, origin);
  const titled = (title: string) => `${title} | ${site.siteName}`;
  const indexable = (canonicalPath: string, head: Partial<PageHead>): PageHead => ({
    ...site,
    noindex: false,
    canonical: `${origin}${canonicalPath}`,
    ...head,
  });
  const parts = path.split('/').filter(Boolean);

  if (parts.length === 0) return indexable('/', { title: site.title });
  if (PRIVATE_PAGES.some((pattern) => pattern.test(path))) return site;
  const [area, first, ...rest] = parts;

  const areaHead = area ? areaHeads[area] : undefined;
  if (areaHead) {
    const head = await areaHead(ctx.db, parts.slice(1).map(segment));
    if (!head) return site;
    const page: PageHead = {
      ...site,
      siteName: head.siteName,
      title: head.title,
      description: head.description || site.description,
      image: imageUrl(origin, head.image) ?? site.image,
    };
    if (head.product) {
      const url = `${origin}${path}`;
      page.type = 'product';
      page.price = { amount: fromPaisa(head.product.price), currency: general.currency };
      page.structuredData = productJsonLd(head.product, { origin, url, currency: general.currency, siteName: head.siteName });
    }
    return head.indexable ? { ...page, noindex: false, canonical: `${origin}${path}` } : page;
  }

  if (area === 'product' && first && rest.length === 0) {
    try {
      const row = await findPublishedProduct(ctx.db, segment(first));
      const pictures = await productPictures(ctx.db, row.id);
      const main = pictures.find((picture) => picture.is_main) ?? pictures[0];
      const book = await PriceBook.load(ctx.db, [row], ctx.now, ctx.freshness);
      const quote = book.quote(row);
      const catalogue = await ctx.catalogue();
      const brand = row.brandId ? catalogue.brands.get(row.brandId) : undefined;
      const leaf = row.subSubcategoryId ?? row.subcategoryId ?? row.categoryId;
      const canonicalPath = `/product/${encodeURIComponent(row.slug)}`;
      const description = row.seoDescription || plainText(row.description) || site.description;
      const facts: ProductFacts = {
        name: row.name,
        description,
        images: main ? [main.path, ...pictures.filter((picture) => picture !== main).map((picture) => picture.path)] : [],
        sku: row.sku,
        brand: brand?.active ? brand.name : null,
        category: leaf
          ? catalogue
              .path(leaf)
              .map((step) => step.name)
              .join(' > ')
          : null,
        price: quote.price,
        inStock: row.stock > 0,
        priceValidUntil: quote.discount_ends_at,
        rating: await productRatingStars(ctx.db, row.id),
      };
      return indexable(canonicalPath, {
        title: titled(row.name),
        description,
        image: imageUrl(origin, main?.path) ?? site.image,
        type: 'product',
        price: { amount: fromPaisa(quote.price), currency: general.currency },
        structuredData: productJsonLd(facts, {
          origin,
          url: `${origin}${canonicalPath}`,
          currency: general.currency,
          siteName: site.siteName,
        }),
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return site;
      throw error;
    }
  }

  if (area === 'category' && first && rest.length <= 2) {
    const catalogue = await ctx.catalogue();
    const node = catalogue.findCategory(segment(parts[parts.length - 1]));
    // Every step of the address must be the category's own path.
    if (!node || categoryPath(catalogue, node) !== `/${parts.map((part) => encodeURIComponent(segment(part))).join('/')}`) return site;
    const names = catalogue.path(node.id).map((step) => step.name);
    return indexable(categoryPath(catalogue, node), {
      title: titled(node.name),
      description: `Shop ${names.join(' › ')} at ${site.siteName}: ${general.tagline || 'cash on delivery across Bangladesh'}.`,
      image: imageUrl(origin, node.image) ?? site.image,
    });
  }

  if (area === 'campaign' && first && rest.length === 0) {
    // A campaign's page is filled in only while it runs: from its start to its end.
    ctx.freshness.changesAt(await nextMarketingChange(ctx.db, ctx.now));
    try {
      const { campaign } = await publicCampaign(ctx, segment(first));
      return indexable(`/campaign/${encodeURIComponent(campaign.slug)}`, {
        title: titled(campaign.name),
        description: plainText(campaign.description) || site.description,
        image: imageUrl(origin, campaign.banner_image) ?? site.image,
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return site;
      throw error;
    }
  }

  if (area === 'landing' && first && rest.length === 0) {
    // A landing page is shared in ads and posts: its headline, its first text and its product's picture.
    ctx.freshness.changesAt(await nextMarketingChange(ctx.db, ctx.now));
    try {
      const { landing_page: landing, product } = await publicLandingPage(ctx.db, segment(first), ctx.now);
      const text = landing.sections.find((section) => section.type === 'text')?.content;
      const main = product.images.find((image) => image.is_main) ?? product.images[0];
      return indexable(`/landing/${encodeURIComponent(landing.slug)}`, {
        title: landing.headline,
        description: plainText(text || product.description || '') || site.description,
        image: imageUrl(origin, main?.path) ?? site.image,
        type: 'product',
        price: { amount: fromPaisa(product.price), currency: general.currency },
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return site;
      throw error;
    }
  }

  if (area === 'page' && first && rest.length === 0) {
    const page = await publishedPage(ctx.db, segment(first));
    if (!page) return site;
    return indexable(`/page/${encodeURIComponent(page.slug)}`, {
      title: titled(page.title),
      description: plainText(page.body) || site.description,
    });
  }

  if (parts.length === 1 && area === 'campaigns') return indexable('/campaigns', { title: titled('Campaigns') });
  if (parts.length === 1 && area === 'offers') return indexable('/offers', { title: titled('Offers') });
  return site;
}

/** The tags of a head, every value escaped. */
export function renderHead(head: PageHead): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) => {
    if (value) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`);
  };
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  meta('property', 'og:site_name', head.siteName);
  meta('property', 'og:type', head.type);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.canonical);
  meta('property', 'og:image', head.image);
  if (head.price) {
    meta('property', 'product:price:amount', head.price.amount);
    meta('property', 'product:price:currency', head.price.currency);
  }
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  meta('name', 'twitter:image', head.image);
  if (head.structuredData) tags.push(jsonLdScript(head.structuredData));
  return tags.join('\n    ');
}

let lastTemplate: { template: string; stripped: string } | null = null;

/** The built page with its own title and description taken out and this head put in. */
export function withHead(html: string, head: PageHead): string {
  if (lastTemplate?.template !== html) {
    lastTemplate = {
      template: html,
      stripped: html.replace(/\s*<title>[\s\S]*?<\/title>/i, '').replace(/\s*<meta\s+name=["']description["'][^>]*>/i, ''),
    };
  }
  const { stripped } = lastTemplate;
  const at = stripped.search(/<\/head>/i);
  const block = `  ${renderHead(head)}\n  `;
  return at === -1 ? `${block}${stripped}` : `${stripped.slice(0, at)}${block}${stripped.slice(at)}`;
}

// ---- Sitemap and robots -------------------------------------------------------------------------

const day = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString().slice(0, 10) : null);

function urlset(entries: { loc: string; lastmod?: string | null }[]): string {
  const lines = entries.map(
    (entry) => `  <url><loc>${escapeXml(entry.loc)}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** Home, campaign and offer lists, active categories, running campaigns and published pages. */
async function mainEntries(ctx: StorefrontContext, origin: string) {
  const catalogue = await ctx.catalogue();
  const entries: { loc: string; lastmod?: string | null }[] = [
    { loc: `${origin}/` },
    { loc: `${origin}/campaigns` },
    { loc: `${origin}/offers` },
  ];
  for (const node of catalogue.categories.values()) {
    if (node.active) entries.push({ loc: `${origin}${categoryPath(catalogue, node)}`, lastmod: day(node.updatedAt) });
  }
  const running = await runningCampaigns(ctx);
  for (const campaign of running) {
    ctx.freshness.changesAt(campaign.ends_at);
    entries.push({ loc: `${origin}/campaign/${encodeURIComponent(campaign.slug)}` });
  }
  // A campaign that starts later joins the sitemap then.
  ctx.freshness.changesAt(await nextMarketingChange(ctx.db, ctx.now));
  const pageRows = await publishedPageAddresses(ctx.db);
  for (const page of pageRows) entries.push({ loc: `${origin}/page/${encodeURIComponent(page.slug)}`, lastmod: day(page.updatedAt) });
  return entries;
}

async function productEntries(ctx: StorefrontContext, origin: string, part: number | null) {
  const rows = await publishedProductAddresses(
    ctx.db,
    part === null ? undefined : { limit: SITEMAP_PART_SIZE, offset: (part - 1) * SITEMAP_PART_SIZE },
  );
  return rows.map((row) => ({ loc: `${origin}/product/${encodeURIComponent(row.slug)}`, lastmod: day(row.updatedAt) }));
}

/**
 * `GET /sitemap.xml`: every public address. Above SITEMAP_PART_SIZE products it is a sitemap index
 * of `/sitemap/main.xml` and `/sitemap/products-{n}.xml`.
 */
export async function sitemap(ctx: StorefrontContext, origin: string): Promise<string> {
  const total = await publishedProductCount(ctx.db);
  if (total <= SITEMAP_PART_SIZE) {
    return urlset([...(await mainEntries(ctx, origin)), ...(await productEntries(ctx, origin, null))]);
  }
  const parts = Math.ceil(total / SITEMAP_PART_SIZE);
  const locations = [
    `${origin}/sitemap/main.xml`,
    ...Array.from({ length: parts }, (_, index) => `${origin}/sitemap/products-${index + 1}.xml`),
  ];
  const lines = locations.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</sitemapindex>\n`;
}

/** One part of a sitemap index: `main` or `products-{n}`; unknown parts are not found. */
export async function sitemapPart(ctx: StorefrontContext, origin: string, name: string): Promise<string> {
  if (name === 'main') return urlset(await mainEntries(ctx, origin));
  const match = /^products-(\d{1,4})$/.exec(name);
  const part = match ? Number(match[1]) : 0;
  if (part < 1) throw new HttpError(404, 'This sitemap was not found.');
  const entries = await productEntries(ctx, origin, part);
  if (entries.length === 0) throw new HttpError(404, 'This sitemap was not found.');
  return urlset(entries);
}

/** `GET /robots.txt`: everything but the back office, the portals and the API; where the sitemap is. */
export function robots(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /dropshipper',
    'Disallow: /merchant',
    'Disallow: /api',
    'Disallow: /_public',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
