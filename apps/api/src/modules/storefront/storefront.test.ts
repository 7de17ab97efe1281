import type {
  CategoryAnswer,
  HomeProductsAnswer,
  ListingAnswer,
  OffersAnswer,
  ProductAnswer,
  ProductCard,
  SliderAnswer,
  SuggestAnswer,
} from '@haat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { productReviews } from '../content/product-review.table';
import { productBody } from '../products/catalogue.fixture';
import { DAY_MS, makeShop, msFromNow, type Shop } from './storefront.fixture';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
  shop = await makeShop(admin);
});
afterAll(() => t.close());

async function getJson<T>(url: string, status = 200): Promise<T> {
  const response = await visitor.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const CARD_FIELDS = ['discount_percent', 'id', 'in_stock', 'name', 'name_bn', 'price', 'rating', 'retail_price', 'slug', 'thumbnail'];
const ids = (cards: { id: number }[]) => cards.map((card) => card.id);

function expectCard(card: ProductCard) {
  expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
  expect(Number.isInteger(card.price) && Number.isInteger(card.retail_price)).toBe(true);
  expect(card.rating).toEqual({ average: expect.any(Number), count: expect.any(Number) });
}

describe('categories and services', () => {
  it('answers the active tree three levels deep, and the default services', async () => {
    const answer = await getJson<CategoryAnswer>('/_public/category');
    const women = answer.categories.find((category) => category.slug === 'women');
    expect(women).toMatchObject({ id: shop.catalogue.women, name: 'Women', image: null, icon: null, show_on_home: true });
    expect(women?.sub_categories).toEqual([
      {
        id: shop.catalogue.kurti,
        name: 'Kurti',
        name_bn: null,
        slug: 'kurti',
        image: null,
        icon: null,
        sub_sub_categories: [{ id: shop.catalogue.cotton, name: 'Cotton Kurti', name_bn: null, slug: 'cotton-kurti', image: null }],
      },
    ]);
    expect(answer.categories.map((category) => category.slug)).toEqual(['women', 'men']);
    expect(answer.services).toHaveLength(4);
    expect(answer.services[0]).toEqual({ icon: 'cash', title: 'Cash on delivery', text: expect.stringContaining('Bangladesh') });
    expect(answer.services.map((service) => service.title)).toContain('7-day easy return');
  });

  it('takes the services from their settings group, as the back office saves them', async () => {
    const saved = await admin.put('/api/admin/settings/services', { service_2_title: 'Same-day delivery in Dhaka', service_4_title: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    const { services } = await getJson<CategoryAnswer>('/_public/category');
    expect(services.map((service) => service.title)).toEqual(['Cash on delivery', 'Same-day delivery in Dhaka', '7-day easy return']);
    expect((await admin.put('/api/admin/settings/services', { service_1_icon: 'rocket' })).statusCode).toBe(422);
    await admin.put('/api/admin/settings/services', { service_2_title: 'Delivery in 24–72 hours', service_4_title: 'Genuine products' });
  });

  it('hides a switched-off category and everything under it', async () => {
    const hidden = await admin.post('/api/admin/categories', { name: 'Winter', status: 0 });
    const child = await admin.post('/api/admin/subcategories', { name: 'Shawls', parent_id: hidden.json().data.id });
    expect(child.statusCode).toBe(201);
    const answer = await getJson<CategoryAnswer>('/_public/category');
    expect(answer.categories.map((category) => category.slug)).not.toContain('winter');
    await getJson('/_public/sub/category/winter', 404);
    await getJson('/_public/sub/category/shawls', 404);
  });

  it('answers the children of a category or subcategory, by id or slug', async () => {
    const byId = await getJson<{ sub_categories: unknown[] }>(`/_public/sub/category/${shop.catalogue.women}`);
    expect(byId.sub_categories).toEqual([
      expect.objectContaining({ slug: 'kurti', sub_sub_categories: [expect.objectContaining({ slug: 'cotton-kurti' })] }),
    ]);
    const bySlug = await getJson<{ sub_categories: unknown[] }>('/_public/sub/category/kurti');
    expect(bySlug.sub_categories).toEqual([
      {
        id: shop.catalogue.cotton,
        name: 'Cotton Kurti',
        name_bn: null,
        slug: 'cotton-kurti',
        image: null,
        icon: null,
        sub_sub_categories: [],
      },
    ]);
    const missing = await visitor.get('/_public/sub/category/99999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This category was not found.' });
  });
});

describe('sliders, offers and home products', () => {
  it('answers active sliders, the home-top banners and best sellers (never a draft)', async () => {
    await admin.post('/api/admin/sliders', {
      title: 'Eid collection',
      subtitle: 'Up to 15% off',
      image: 'sliders/eid.webp',
      link: '/offers',
    });
    await admin.post('/api/admin/sliders', { title: 'Hidden slider', image: 'sliders/hidden.webp', status: 0 });
    await admin.post('/api/admin/banners', { title: 'Cash on delivery', image: 'banners/cod.webp', position: 'home_top' });
    await admin.post('/api/admin/banners', { title: 'Saree week', image: 'banners/saree.webp', position: 'offer' });
    const answer = await getJson<SliderAnswer>('/_public/slider');
    expect(answer.sliders).toEqual([
      { id: expect.any(Number), title: 'Eid collection', subtitle: 'Up to 15% off', image: 'sliders/eid.webp', link: '/offers' },
    ]);
    expect(answer.slider_banner).toEqual([
      { id: expect.any(Number), title: 'Cash on delivery', image: 'banners/cod.webp', link: '', position: 'home_top' },
    ]);
    expect(ids(answer.best_seller)).toEqual([shop.kurti.id]);
    expectCard(answer.best_seller[0] as ProductCard);
    expect(answer.best_seller[0]).toMatchObject({
      name: 'Plain Cotton Kurti',
      slug: shop.kurti.slug,
      thumbnail: 'products/kurti-back-thumb.webp',
      price: 125050,
      retail_price: 125050,
      discount_percent: 0,
      in_stock: true,
    });
  });

  it('answers the running offers with their published products, categories and the offer banners', async () => {
    const offer = await admin.post('/api/admin/offers', {
      name: 'Shirt week',
      discount_type: 'amount',
      amount_off: 10000,
      product_ids: [shop.shirt.id, shop.draft.id],
      category_ids: [shop.catalogue.cotton],
      starts_at: msFromNow(-DAY_MS),
      ends_at: msFromNow(7 * DAY_MS),
    });
    expect(offer.statusCode, offer.body).toBe(201);
    await admin.post('/api/admin/offers', {
      name: 'Later',
      percent_off: 50,
      product_ids: [shop.kurti.id],
      starts_at: msFromNow(3 * DAY_MS),
      ends_at: msFromNow(7 * DAY_MS),
    });
    const answer = await getJson<OffersAnswer>('/_public/offers');
    expect(answer.offers).toHaveLength(1);
    const [running] = answer.offers;
    expect(running).toMatchObject({ name: 'Shirt week', discount_type: 'amount', amount_off: 10000, percent_off: null });
    expect(ids(running?.products ?? [])).toEqual([shop.shirt.id]);
    expect(running?.products[0]).toMatchObject({ price: 70000, retail_price: 80000, discount_percent: 12 });
    expect(running?.categories).toEqual([{ id: shop.catalogue.cotton, name: 'Cotton Kurti', name_bn: null, slug: 'cotton-kurti' }]);
    expect(answer.offer_banner.map((banner) => banner.title)).toEqual(['Saree week']);
  });

  it('answers home rows per category marked for the home page, and featured products, with and without the slash', async () => {
    const answer = await getJson<HomeProductsAnswer>('/_public/products/');
    expect(answer.home_page_products.map((row) => row.category)).toEqual([
      { id: shop.catalogue.women, name: 'Women', name_bn: null, slug: 'women' },
      { id: shop.catalogue.men, name: 'Men', name_bn: null, slug: 'men' },
    ]);
    // Products marked for the home page come first.
    expect(ids(answer.home_page_products[0]?.products ?? [])).toEqual([shop.kurti.id, shop.cotton.id]);
    expect(ids(answer.home_page_products[1]?.products ?? [])).toEqual([shop.shirt.id]);
    expect(ids(answer.featured)).toEqual([shop.kurti.id]);
    for (const row of answer.home_page_products) for (const card of row.products) expectCard(card);
    expect(await getJson('/_public/products')).toEqual(answer);
  });
});

describe('the product page', () => {
  it('answers a published product by id and by slug with prices now, variants, attributes, path and related products', async () => {
    const answer = await getJson<ProductAnswer>(`/_public/product/${shop.cotton.id}`);
    expect(await getJson(`/_public/product/${shop.cotton.slug}`)).toEqual(answer);
    const { product } = answer;
    expect(product).toMatchObject({
      id: shop.cotton.id,
      name: 'Handloom Cotton Kurti',
      slug: shop.cotton.slug,
      status: 1,
      sku: 'SF-COTTON',
      retail_price: 150000,
      // The product's own discount (30,000 off) beats the offer on its category (10,000 off).
      price: 120000,
      discount_price: 120000,
      discount_percent: 20,
      discount_source: 'discount',
      stock: 3,
      in_stock: true,
      brand: { id: shop.catalogue.brand, name: 'Aarong Style', slug: 'aarong-style' },
      video_url: null,
      seo_title: null,
      seo_description: null,
    });
    expect(Date.parse(product.discount_ends_at ?? '')).toBeGreaterThan(Date.now() + 9 * DAY_MS);
    expect(product.category_path).toEqual([
      { id: shop.catalogue.women, name: 'Women', slug: 'women', level: 1 },
      { id: shop.catalogue.kurti, name: 'Kurti', slug: 'kurti', level: 2 },
      { id: shop.catalogue.cotton, name: 'Cotton Kurti', slug: 'cotton-kurti', level: 3 },
    ]);
    expect(product.variants).toEqual([
      {
        id: shop.cotton.variants[0]?.id,
        sku: 'SF-COTTON',
        label: 'XL / Red',
        values: [
          { id: shop.catalogue.size.xl, attribute: 'Size', value: 'XL', color_hex: null },
          { id: shop.catalogue.colour.red, attribute: 'Colour', value: 'Red', color_hex: null },
        ],
        // Its own price with the same 30,000 off.
        price: 130000,
        retail_price: 160000,
        stock: 3,
      },
    ]);
    expect(product.attributes).toEqual([
      { name: 'Size', values: [{ id: shop.catalogue.size.xl, value: 'XL', color_hex: null }] },
      { name: 'Colour', values: [{ id: shop.catalogue.colour.red, value: 'Red', color_hex: null }] },
    ]);
    // Same subcategory first; never itself, never the draft.
    expect(ids(product.related)).toEqual([shop.kurti.id]);
    expect(answer.rating_stars).toEqual({ average: 0, count: 0, breakdown: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it('lists attributes across variants and the pictures in order with the main one marked, and the colour each shows', async () => {
    const { product } = await getJson<ProductAnswer>(`/_public/product/${shop.kurti.slug}`);
    expect(product.attributes).toEqual([
      {
        name: 'Size',
        values: [
          { id: shop.catalogue.size.m, value: 'M', color_hex: null },
          { id: shop.catalogue.size.l, value: 'L', color_hex: null },
        ],
      },
      {
        name: 'Colour',
        values: [
          { id: shop.catalogue.colour.red, value: 'Red', color_hex: null },
          { id: shop.catalogue.colour.blue, value: 'Blue', color_hex: null },
        ],
      },
    ]);
    expect(product.variants.map((variant) => [variant.label, variant.stock])).toEqual([
      ['M / Red', 5],
      ['L / Blue', 0],
    ]);
    const images = [
      { path: 'products/kurti-front.webp', thumbnail: 'products/kurti-front-thumb.webp', is_main: false, attribute_value_id: null },
      {
        path: 'products/kurti-back.webp',
        thumbnail: 'products/kurti-back-thumb.webp',
        is_main: true,
        attribute_value_id: shop.catalogue.colour.blue,
      },
    ];
    expect(product.images).toEqual(images);
    expect(await getJson(`/_public/product/images/${shop.kurti.id}`)).toEqual({ images });
  });

  it("links a picture only to an option value the product's variants use, and the back office reads the link", async () => {
    const detail = (await admin.get(`/api/admin/products/${shop.kurti.id}`)).json().data;
    expect(detail.images.map((image: { attribute_value_id: number | null }) => image.attribute_value_id)).toEqual([
      null,
      shop.catalogue.colour.blue,
    ]);
    const body = productBody(shop.catalogue, {
      name: 'Odd Kurti',
      sku: 'SF-ODD',
      images: [{ path: 'products/odd.webp', thumbnail: 'products/odd-thumb.webp', attribute_value_id: shop.catalogue.colour.blue }],
      variants: [{ sku: '', attribute_value_ids: [shop.catalogue.size.m, shop.catalogue.colour.red], opening_stock: 1 }],
    });
    const refused = await admin.post('/api/admin/products', body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'images.0.attribute_value_id': ['Choose one of the options the variants use'] });
  });

  it('counts approved reviews only in the stars', async () => {
    await t.database.db.insert(productReviews).values([
      { productId: shop.shirt.id, customerName: 'Rina', rating: 5, text: 'Lovely', status: 'approved' },
      { productId: shop.shirt.id, customerName: 'Karim', rating: 4, text: 'Good', status: 'approved' },
      { productId: shop.shirt.id, customerName: 'Spam', rating: 1, text: 'Bad', status: 'pending' },
    ]);
    const answer = await getJson<ProductAnswer>(`/_public/product/${shop.shirt.id}`);
    expect(answer.rating_stars).toEqual({ average: 4.5, count: 2, breakdown: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } });
    const { data } = await getJson<ListingAnswer>(`/_public/sub/sub/category/product?category=men`);
    expect(data[0]?.rating).toEqual({ average: 4.5, count: 2 });
  });

  it('never answers a draft or a missing product: 404 with a message, by id, slug and for its pictures', async () => {
    for (const url of [
      `/_public/product/${shop.draft.id}`,
      `/_public/product/${shop.draft.slug}`,
      `/_public/product/images/${shop.draft.id}`,
      '/_public/product/987654',
      '/_public/product/no-such-product',
    ]) {
      const response = await visitor.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'This product was not found or is not available.' });
    }
  });
});

describe('the listing', () => {
  const list = (query: string) => getJson<ListingAnswer>(`/_public/sub/sub/category/product${query}`);

  it('answers a plain paginator of cards, newest first, with facets and the category', async () => {
    const answer = await list('?category=women&per_page=1');
    expect(answer).toMatchObject({
      current_page: 1,
      last_page: 2,
      per_page: 1,
      total: 2,
      from: 1,
      to: 1,
      next_page_url: '/_public/sub/sub/category/product?category=women&per_page=1&page=2',
      prev_page_url: null,
    });
    expect(ids(answer.data)).toEqual([shop.cotton.id]);
    expectCard(answer.data[0] as ProductCard);
    expect(answer.category).toEqual({
      id: shop.catalogue.women,
      name: 'Women',
      slug: 'women',
      level: 1,
      path: [{ id: shop.catalogue.women, name: 'Women', slug: 'women', level: 1 }],
    });
    expect(answer.facets).toEqual({
      brands: [{ id: shop.catalogue.brand, name: 'Aarong Style', count: 2 }],
      price: { min: 120000, max: 125050 },
      attributes: [
        {
          name: 'Size',
          values: [
            { id: shop.catalogue.size.m, value: 'M', color_hex: null, count: 1 },
            { id: shop.catalogue.size.l, value: 'L', color_hex: null, count: 1 },
            { id: shop.catalogue.size.xl, value: 'XL', color_hex: null, count: 1 },
          ],
        },
        {
          name: 'Colour',
          values: [
            { id: shop.catalogue.colour.red, value: 'Red', color_hex: null, count: 2 },
            { id: shop.catalogue.colour.blue, value: 'Blue', color_hex: null, count: 1 },
          ],
        },
      ],
    });
    const second = await list('?category=women&per_page=1&page=2');
    expect(ids(second.data)).toEqual([shop.kurti.id]);
    expect(second.prev_page_url).toBe('/_public/sub/sub/category/product?category=women&per_page=1&page=1');
  });

  it('filters by category at any level, by id or slug', async () => {
    expect(ids((await list(`?category=${shop.catalogue.women}`)).data)).toEqual([shop.cotton.id, shop.kurti.id]);
    expect(ids((await list('?subcategory=kurti')).data)).toEqual([shop.cotton.id, shop.kurti.id]);
    expect(ids((await list('?category=women&subcategory=kurti&sub_subcategory=cotton-kurti')).data)).toEqual([shop.cotton.id]);
    expect(ids((await list('?category=men')).data)).toEqual([shop.shirt.id]);
    const missing = await visitor.get('/_public/sub/sub/category/product?category=nowhere');
    expect(missing.statusCode).toBe(404);
  });

  it('filters by brand and price, each facet ignoring its own filter', async () => {
    const branded = await list(`?brand=${shop.catalogue.brand}`);
    expect(ids(branded.data)).toEqual([shop.cotton.id, shop.kurti.id]);
    expect(branded.facets.brands).toEqual([{ id: shop.catalogue.brand, name: 'Aarong Style', count: 2 }]);
    // The brand facet still counts what other brands would add: none here, the shirt has no brand.
    expect(branded.facets.price).toEqual({ min: 120000, max: 125050 });

    // Prices filter on the price after the product's own discount: 120,000 for the cotton kurti.
    const cheap = await list('?min_price=100000&max_price=124000');
    expect(ids(cheap.data)).toEqual([shop.cotton.id]);
    expect(cheap.facets.price).toEqual({ min: 80000, max: 125050 });
    expect(ids((await list('?max_price=80000')).data)).toEqual([shop.shirt.id]);
    expect((await visitor.get('/_public/sub/sub/category/product?min_price=cheap')).statusCode).toBe(422);
  });

  it('matches attribute values on one variant: one of the chosen values of every chosen attribute', async () => {
    const { size, colour } = shop.catalogue;
    expect(ids((await list(`?values=${colour.red}`)).data)).toEqual([shop.cotton.id, shop.kurti.id]);
    expect(ids((await list(`?values=${colour.blue}`)).data)).toEqual([shop.shirt.id, shop.kurti.id]);
    // M and Blue together: the kurti has M (red) and Blue (size L) but on different variants.
    expect(ids((await list(`?values=${size.m},${colour.blue}`)).data)).toEqual([shop.shirt.id]);
    // M or L, and Red.
    expect(ids((await list(`?values=${size.m},${size.l},${colour.red}`)).data)).toEqual([shop.kurti.id]);
    const filtered = await list(`?values=${colour.blue}`);
    // The attribute facet ignores the values filter: every colour of the whole catalogue is offered.
    expect(filtered.facets.attributes.find((attribute) => attribute.name === 'Colour')?.values.map((value) => value.count)).toEqual([2, 2]);
    expect((await list('?values=999999')).total).toBe(0);
  });

  it('searches names and SKUs, never drafts', async () => {
    expect(ids((await list('?q=kurti')).data).sort()).toEqual([shop.kurti.id, shop.cotton.id].sort());
    expect(ids((await list('?q=SF-SHIRT')).data)).toEqual([shop.shirt.id]);
    expect(ids((await list('?q=secret')).data)).toEqual([]);
    // A letter wrong, or a plural: close enough to a word of the name (trigram word similarity).
    expect(ids((await list('?q=oxfort')).data)).toEqual([shop.shirt.id]);
    expect(ids((await list('?q=shirts')).data)).toEqual([shop.shirt.id]);
  });

  it('sorts by price both ways, by popularity and by newest', async () => {
    expect(ids((await list('?sort=price_asc')).data)).toEqual([shop.shirt.id, shop.cotton.id, shop.kurti.id]);
    expect(ids((await list('?sort=price_desc')).data)).toEqual([shop.kurti.id, shop.cotton.id, shop.shirt.id]);
    expect(ids((await list('?sort=newest')).data)).toEqual([shop.shirt.id, shop.cotton.id, shop.kurti.id]);
    expect((await visitor.get('/_public/sub/sub/category/product?sort=cheapest')).statusCode).toBe(422);
    expect((await visitor.get('/_public/sub/sub/category/product?per_page=49')).statusCode).toBe(422);
  });

  it('never lists a draft, whatever the filter', async () => {
    for (const query of ['', '?category=women', '?subcategory=kurti', `?brand=${shop.catalogue.brand}`, '?q=draft', '?sort=popular']) {
      expect(ids((await list(query)).data), query).not.toContain(shop.draft.id);
    }
  });
});

describe('search suggestions', () => {
  it('suggests published products and active categories', async () => {
    const answer = await getJson<SuggestAnswer>('/_public/search/suggest?q=kurti');
    expect(ids(answer.products).sort()).toEqual([shop.kurti.id, shop.cotton.id].sort());
    answer.products.forEach(expectCard);
    expect(answer.categories).toEqual([
      { id: shop.catalogue.kurti, name: 'Kurti', name_bn: null, slug: 'kurti' },
      { id: shop.catalogue.cotton, name: 'Cotton Kurti', name_bn: null, slug: 'cotton-kurti' },
    ]);
    expect(await getJson('/_public/search/suggest?q=secret')).toEqual({ products: [], categories: [] });
    expect(await getJson('/_public/search/suggest?q=k')).toEqual({ products: [], categories: [] });
  });

  it('gives at most 6 products and 4 categories', async () => {
    for (let index = 0; index < 8; index++) {
      await admin.post('/api/admin/subcategories', { name: `Kurti set ${index}`, parent_id: shop.catalogue.women });
      await admin.post('/api/admin/products', {
        name: `Printed Kurti ${index}`,
        sku: `SF-MANY-${index}`,
        category_id: shop.catalogue.women,
        wholesale_price: 50000,
        retail_price: 70000,
        variants: [{ sku: '', attribute_value_ids: [], opening_stock: 1 }],
      });
    }
    const answer = await getJson<SuggestAnswer>('/_public/search/suggest?q=kurti');
    expect(answer.products).toHaveLength(6);
    expect(answer.categories).toHaveLength(4);
    expect(answer.categories[0]?.slug).toBe('kurti');
  });
});
