import {
  type CategoryAnswer,
  type HomeProductsAnswer,
  type OffersAnswer,
  type PublicSubCategory,
  publicServices,
  type SliderAnswer,
  type SubCategoryAnswer,
} from '@haat/contracts';
import { HttpError } from '../../http/errors';
import { activeBanners, activeSliders } from '../catalog';
import { nextMarketingChange, runningOffers } from '../marketing';
import { bestSellerCards, featuredProductCards, homeCategoryCards, publishedProductCards } from '../products';
import { readSetting, SETTING_GROUPS } from '../settings';
import type { CategoryNode, StorefrontContext } from './catalogue-snapshot';
import { type CardRow, productCards } from './product-card.service';
import { popularity } from './product-views';

const HOME_ROW_SIZE = 10;
const BEST_SELLERS = 12;
const FEATURED = 12;
const OFFER_PRODUCTS = 24;

function subCategoryView(ctx: { children(id: number): CategoryNode[] }, node: CategoryNode): PublicSubCategory {
  return {
    id: node.id,
    name: node.name,
    name_bn: node.nameBn,
    slug: node.slug,
    image: node.image,
    icon: node.icon,
    sub_sub_categories: ctx.children(node.id).map((child) => ({
      id: child.id,
      name: child.name,
      name_bn: child.nameBn,
      slug: child.slug,
      image: child.image,
    })),
  };
}

/** `GET /_public/category`: the active tree, three levels deep, and the shop's services. */
export async function categoryTree(ctx: StorefrontContext): Promise<CategoryAnswer> {
  const catalogue = await ctx.catalogue();
  const children = (id: number) => catalogue.activeChildren(id);
  const services = await readSetting(ctx.db, SETTING_GROUPS.services);
  return {
    categories: catalogue.activeChildren(null).map((node) => ({
      id: node.id,
      name: node.name,
      name_bn: node.nameBn,
      slug: node.slug,
      image: node.image,
      icon: node.icon,
      show_on_home: node.showOnHome,
      sub_categories: children(node.id).map((child) => subCategoryView({ children }, child)),
    })),
    services: publicServices(services),
  };
}

/** `GET /_public/sub/category/{id}`: the active children of a category or subcategory (id or slug). */
export async function subCategories(ctx: StorefrontContext, reference: string): Promise<SubCategoryAnswer> {
  const catalogue = await ctx.catalogue();
  const parent = catalogue.findCategory(reference);
  if (!parent) throw new HttpError(404, 'This category was not found.');
  const children = (id: number) => catalogue.activeChildren(id);
  return { sub_categories: children(parent.id).map((child) => subCategoryView({ children }, child)) };
}

/** `GET /_public/slider`: sliders, the banners at the top of the home page, and best sellers. */
export async function homeSliders(ctx: StorefrontContext): Promise<SliderAnswer> {
  const sliderRows = await activeSliders(ctx.db);
  const bestRows = await bestSellerCards(ctx.db, popularity, BEST_SELLERS);
  return {
    sliders: sliderRows,
    slider_banner: await activeBanners(ctx.db, ['home_top']),
    best_seller: await productCards(ctx, bestRows),
  };
}

/** `GET /_public/offers`: the offers running now with their products and categories, and the offer banners. */
export async function offerList(ctx: StorefrontContext): Promise<OffersAnswer> {
  const running = await runningOffers(ctx);
  const catalogue = await ctx.catalogue();
  const productIds = [...new Set(running.flatMap((offer) => offer.product_ids))];
  const rows = await publishedProductCards(ctx.db, productIds);
  const cards = new Map((await productCards(ctx, rows)).map((card) => [card.id, card]));
  // The list changes when a running offer ends or a scheduled one starts.
  ctx.freshness.changesAt(await nextMarketingChange(ctx.db, ctx.now));
  return {
    offers: running.map((offer) => ({
      id: offer.id,
      name: offer.name,
      discount_type: offer.discount_type,
      percent_off: offer.percent_off,
      amount_off: offer.amount_off,
      starts_at: offer.starts_at,
      ends_at: offer.ends_at,
      products: offer.product_ids
        .flatMap((id) => {
          const card = cards.get(id);
          return card ? [card] : [];
        })
        .slice(0, OFFER_PRODUCTS),
      categories: offer.category_ids.flatMap((id) => {
        const node = catalogue.categories.get(id);
        return node?.active ? [{ id: node.id, name: node.name, name_bn: node.nameBn, slug: node.slug }] : [];
      }),
    })),
    offer_banner: await activeBanners(ctx.db, ['offer']),
  };
}

/**
 * `GET /_public/products/`: a row for each active category marked for the home page (products
 * marked for the home page first, then the newest), and the featured products.
 */
export async function homeProducts(ctx: StorefrontContext): Promise<HomeProductsAnswer> {
  const catalogue = await ctx.catalogue();
  const shown = [...catalogue.categories.values()].filter((node) => node.active && node.showOnHome);
  const rows: CardRow[][] = [];
  for (const node of shown) {
    rows.push(await homeCategoryCards(ctx.db, node, HOME_ROW_SIZE));
  }
  const featuredRows = await featuredProductCards(ctx.db, FEATURED);
  // One pricing pass over every card of the page.
  const cards = await productCards(ctx, [...rows.flat(), ...featuredRows]);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const pick = (list: { id: number }[]) => list.flatMap((row) => byId.get(row.id) ?? []);
  return {
    home_page_products: shown
      .map((node, index) => ({
        category: { id: node.id, name: node.name, name_bn: node.nameBn, slug: node.slug },
        products: pick(rows[index] ?? []),
      }))
      .filter((row) => row.products.length > 0),
    featured: pick(featuredRows),
  };
}
