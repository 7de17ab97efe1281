import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/password';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { makeWebDist } from '../../test/web-dist';
import { productReviews } from '../content/product-review.table';
import { createProduct, productBody } from '../products/catalogue.fixture';
import { resellerProductPrices } from '../resellers/portal/portal.table';
import { resellers } from '../resellers/reseller.table';
import { makeShop, type Shop } from './storefront.fixture';
import { jsonLdScript } from './structured-data';

let t: TestApp;
let admin: TestBrowser;
let visitor: TestBrowser;
let shop: Shop;
let webDist: ReturnType<typeof makeWebDist>;

beforeAll(async () => {
  webDist = makeWebDist();
  t = await createTestApp({ env: { WEB_DIST: webDist.dir } });
  admin = await t.browser();
  await admin.loginAdmin();
  visitor = await t.browser();
  shop = await makeShop(admin);
  await t.database.db.insert(productReviews).values([
    { productId: shop.kurti.id, customerName: 'Rina', rating: 5, text: 'Lovely', status: 'approved' },
    { productId: shop.kurti.id, customerName: 'Mita', rating: 4, text: 'Good', status: 'approved' },
    { productId: shop.kurti.id, customerName: 'Spam', rating: 1, text: 'Waiting', status: 'pending' },
  ]);
});
afterAll(async () => {
  await t.close();
  webDist.remove();
});

/** The JSON-LD blocks of a page's head, each parsed. */
async function structuredData(url: string) {
  const response = await visitor.get(url);
  expect(response.statusCode, url).toBe(200);
  const head = response.body.slice(0, response.body.indexOf('</head>'));
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] as string));
}

describe('schema.org Product data in product pages', () => {
  it('gives the storefront’s product its price, currency, stock, brand, pictures and rating', async () => {
    const [product, ...more] = await structuredData('/product/plain-cotton-kurti');
    expect(more).toEqual([]);
    expect(product).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Plain Cotton Kurti',
      description: 'Soft cotton kurti for every day.',
      image: ['http://localhost:80/storage/products/kurti-back.webp', 'http://localhost:80/storage/products/kurti-front.webp'],
      sku: 'SF-KURTI',
      brand: { '@type': 'Brand', name: 'Aarong Style' },
      category: 'Women > Kurti',
      offers: {
        '@type': 'Offer',
        url: 'http://localhost:80/product/plain-cotton-kurti',
        price: expect.stringMatching(/^\d+\.\d\d$/),
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        seller: { '@type': 'Organization', name: 'Haat' },
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
    });
    // The price the page's sharing tags and the shopper see.
    const page = await visitor.get('/_public/product/plain-cotton-kurti');
    expect(product.offers.price).toBe((page.json().product.price / 100).toFixed(2));
  });

  it('says when a discount’s price ends, and out of stock when nothing is left', async () => {
    const [cotton] = await structuredData('/product/handloom-cotton-kurti');
    expect(cotton.offers.priceValidUntil).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(cotton.aggregateRating).toBeUndefined();
    await createProduct(
      admin,
      productBody(shop.catalogue, {
        name: 'Sold Out </script><script>alert(1)</script> Saree',
        slug: 'sold-out-saree',
        sku: 'SD-SOLD',
        variants: [{ sku: '', attribute_value_ids: [shop.catalogue.size.m, shop.catalogue.colour.red], opening_stock: 0 }],
      }),
    );
    const response = await visitor.get('/product/sold-out-saree');
    // The name cannot close the block early: its `<` is written \u003c.
    expect(response.body).not.toContain('</script><script>alert(1)');
    const [sold] = await structuredData('/product/sold-out-saree');
    expect(sold.name).toBe('Sold Out </script><script>alert(1)</script> Saree');
    expect(sold.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('is left out of pages that are not a product’s', async () => {
    expect(await structuredData('/')).toEqual([]);
    expect(await structuredData('/category/women')).toEqual([]);
    expect(await structuredData('/product/no-such-product')).toEqual([]);
  });

  it('gives a reseller’s shop page the reseller’s own price and the shop as seller', async () => {
    const [reseller] = await t.database.db
      .insert(resellers)
      .values({
        name: 'Shop Owner',
        phone: '01823000001',
        passwordHash: await hashPassword('reseller-password-1'),
        status: 'active',
        shopName: 'Corner Shop',
        slug: 'corner-shop',
        referralCode: 'CORNER1',
      })
      .returning({ id: resellers.id });
    await t.database.db
      .insert(resellerProductPrices)
      .values({ resellerId: reseller?.id as number, productId: shop.kurti.id, price: 175000 });
    const [product] = await structuredData('/shop/corner-shop/product/plain-cotton-kurti');
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Plain Cotton Kurti',
      image: ['http://localhost:80/storage/products/kurti-back.webp', 'http://localhost:80/storage/products/kurti-front.webp'],
      offers: {
        '@type': 'Offer',
        url: 'http://localhost:80/shop/corner-shop/product/plain-cotton-kurti',
        price: '1750.00',
        priceCurrency: 'BDT',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Corner Shop' },
      },
      aggregateRating: { ratingValue: 4.5, reviewCount: 2 },
    });
    const head = (await visitor.get('/shop/corner-shop/product/plain-cotton-kurti')).body;
    expect(head).toContain('<meta property="product:price:amount" content="1750.00" />');
    expect(await structuredData('/shop/corner-shop')).toEqual([]);
  });

  it('writes JSON that reads back the same, whatever the text', () => {
    const data = { name: '</script> \u2028 & "x"' };
    const block = jsonLdScript(data);
    expect(block).not.toContain('</script> ');
    expect(JSON.parse(block.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))).toEqual(data);
  });
});
