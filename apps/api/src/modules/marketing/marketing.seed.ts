import { type LandingSection, smsEstimate } from '@haat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loadSharp, storeImage } from '../../lib/images';
import { categories } from '../catalog/category.table';
import { customers } from '../customers/customer.table';
import { products } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { mainImages } from './campaign.service';
import { campaignImages, campaignProducts, campaigns } from './campaign.table';
import { coupons } from './coupon.table';
import { landingPages } from './landing-page.table';
import { offerCategories, offerProducts, offers } from './offer.table';
import { smsCampaignRecipients, smsCampaigns } from './sms-campaign.table';

const DAY = 24 * 60 * 60 * 1000;

/** The campaign banner: a wide gradient with the campaign's name, stored like an upload. */
async function renderBanner(storageDir: string, title: string, subtitle: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500" viewBox="0 0 1600 500">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14532d"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
  <rect width="1600" height="500" fill="url(#g)"/>
  <circle cx="1380" cy="110" r="70" fill="#fde68a"/><circle cx="1410" cy="95" r="62" fill="#0f5f56"/>
  <text x="110" y="230" font-family="DejaVu Sans, Arial, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${title}</text>
  <text x="114" y="310" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#fef3c7">${subtitle}</text>
</svg>`;
  const png = await (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
  return storeImage(storageDir, 'banners', png, { field: 'image', limitBytes: 16 * 1024 * 1024, sizes: { large: 1600, thumbnail: 400 } });
}

/**
 * The demo shop's marketing (DEMO=1, inside the first-start transaction, after the catalogue):
 * two running offers, three coupon codes, a running Eid campaign in the home slider, a landing
 * page for a smart watch and one finished SMS campaign in the history.
 */
export async function seedDemoMarketing(db: Db, config: { storageDir: string }): Promise<void> {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY);
  const banner = renderBanner(config.storageDir, 'Eid Festival Sale', 'Panjabi and three-piece at campaign prices, cash on delivery');
  // If an insert fails first, the picture still settles before the error is thrown.
  banner.catch(() => undefined);

  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const category = (slug: string) => categoryRows.find((row) => row.slug === slug)?.id;
  const productsIn = async (slugs: string[], limit: number) => {
    const ids = slugs.map(category).filter((id): id is number => id !== undefined);
    if (ids.length === 0) return [];
    return db
      .select({ id: products.id, name: products.name, retail: products.retailPrice, wholesale: products.wholesalePrice })
      .from(products)
      .where(and(eq(products.status, 1), inArray(products.subcategoryId, ids)))
      .orderBy(asc(products.id))
      .limit(limit);
  };

  // Offers: 10% off every saree (a category with its sub-subcategories), ৳150 off three smart watches.
  const [sareeOffer, watchOffer] = await db
    .insert(offers)
    .values([
      { name: 'Saree week: 10% off every saree', discountType: 'percent', percentOff: 10, startsAt: at(-2), endsAt: at(12) },
      { name: '৳150 off smart watches', discountType: 'amount', amountOff: 15_000, startsAt: at(-1), endsAt: at(20) },
    ])
    .returning({ id: offers.id });
  const saree = category('saree');
  if (sareeOffer && saree) await db.insert(offerCategories).values({ offerId: sareeOffer.id, categoryId: saree });
  const watches = await productsIn(['smart-watches'], 3);
  if (watchOffer && watches.length) {
    await db.insert(offerProducts).values(watches.map((product) => ({ offerId: watchOffer.id, productId: product.id })));
  }

  // Coupons: a welcome amount for first orders, a capped Eid percentage, one for resellers only.
  await db.insert(coupons).values([
    {
      code: 'WELCOME100',
      discountType: 'amount',
      amountOff: 10_000,
      minOrderTotal: 50_000,
      firstOrderOnly: true,
      perCustomerLimit: 1,
      forWebsite: true,
      forReseller: false,
    },
    {
      code: 'EID10',
      discountType: 'percent',
      percentOff: 10,
      maxDiscount: 30_000,
      minOrderTotal: 100_000,
      usageLimit: 500,
      perCustomerLimit: 2,
      startsAt: at(-1),
      endsAt: at(30),
      forWebsite: true,
      forReseller: true,
    },
    {
      code: 'RESELLER50',
      discountType: 'amount',
      amountOff: 5_000,
      minOrderTotal: 100_000,
      perCustomerLimit: null,
      forWebsite: false,
      forReseller: true,
    },
  ]);

  // A running campaign with Panjabi and three-piece at 15% off (never below wholesale), first in the slider.
  const [campaign] = await db
    .insert(campaigns)
    .values({
      name: 'Eid Festival Sale',
      slug: 'eid-festival-sale',
      description:
        'Panjabi for him, three-piece for her: Eid favourites at campaign prices until the campaign ends. Cash on delivery across Bangladesh.',
      startsAt: at(-1),
      endsAt: at(10),
      sliderOrder: 1,
    })
    .returning({ id: campaigns.id });
  const festive = await productsIn(['panjabi', 'three-piece'], 6);
  if (campaign && festive.length) {
    await db.insert(campaignProducts).values(
      festive.map((product, index) => {
        // 15% off rounded down to ten taka, kept between the wholesale and the retail price.
        const offered = Math.floor((product.retail * 85) / 100 / 1000) * 1000;
        return { campaignId: campaign.id, productId: product.id, campaignPrice: Math.max(product.wholesale, offered), sortOrder: index };
      }),
    );
    const pictures = await mainImages(
      db,
      festive.slice(0, 3).map((product) => product.id),
    );
    const stored = await banner;
    await db.insert(campaignImages).values([
      { campaignId: campaign.id, kind: 'banner', path: stored.path, thumbnail: stored.thumbnail, sortOrder: 0 },
      ...[...pictures.values()].map((picture, index) => ({
        campaignId: campaign.id,
        kind: 'gallery' as const,
        path: picture.path,
        thumbnail: picture.thumbnail,
        sortOrder: index,
      })),
    ]);
  } else {
    await banner.catch(() => undefined);
  }

  // A landing page for the first smart watch.
  const [watch] = watches;
  if (watch) {
    const picture = (await mainImages(db, [watch.id])).get(watch.id);
    const sections: LandingSection[] = [
      {
        type: 'text',
        title: 'Why shoppers love it',
        content:
          'Heart-rate and sleep tracking, call and message alerts, and a battery that lasts a week.\nWater resistant for rain and hand washing.',
      },
      ...(picture ? [{ type: 'image' as const, title: watch.name, content: picture.path }] : []),
      { type: 'faq', title: 'How do I pay?', content: 'Cash on delivery: pay the delivery person when the parcel arrives.' },
      { type: 'faq', title: 'How long does delivery take?', content: 'One to two days inside Dhaka, two to four days elsewhere.' },
      { type: 'testimonial', title: 'Shakib Ahmed, Chattogram', content: 'Arrived in two days and the battery really lasts. Good value.' },
    ];
    await db.insert(landingPages).values({
      slug: 'smart-watch-offer',
      productId: watch.id,
      headline: `${watch.name}: a week of battery, cash on delivery`,
      sections,
      buttonText: 'Order now, pay on delivery',
      deliveryNote: 'Delivery ৳60 inside Dhaka, ৳120 outside. Check the watch before you pay.',
    });
  }

  // One SMS campaign to every customer, finished three days ago (written to the SMS log: no gateway in the demo).
  const phones = (
    await db.select({ phone: customers.phone }).from(customers).where(eq(customers.status, 'active')).orderBy(asc(customers.id))
  ).flatMap(({ phone }) => (phone ? [{ phone }] : []));
  const [owner] = await db.select({ id: admins.id }).from(admins).where(eq(admins.isSuper, true)).orderBy(asc(admins.id)).limit(1);
  if (phones.length) {
    const message = 'Eid Mubarak from Haat Bazar! Panjabi and three-piece are on campaign prices this week. Cash on delivery.';
    const estimate = smsEstimate(message, phones.length);
    const [sms] = await db
      .insert(smsCampaigns)
      .values({
        name: 'Eid greetings to all customers',
        audience: 'all_customers',
        message,
        parts: estimate.parts,
        unicode: estimate.unicode,
        rate: estimate.rate,
        estimatedCost: estimate.cost,
        total: phones.length,
        sent: phones.length,
        status: 'finished',
        adminId: owner?.id ?? null,
        createdAt: at(-3),
        finishedAt: new Date(now - 3 * DAY + 90_000),
      })
      .returning({ id: smsCampaigns.id });
    if (sms) {
      await db
        .insert(smsCampaignRecipients)
        .values(phones.map(({ phone }) => ({ campaignId: sms.id, phone, status: 'sent' as const, claimedAt: at(-3) })));
    }
  }
}
