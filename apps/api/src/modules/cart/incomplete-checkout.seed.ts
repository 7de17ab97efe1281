import type { CallOutcome, IncompleteLine } from '@haat/contracts';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { cities, subCities } from '../locations/location.table';
import { sellingPrices } from '../orders';
import { products, productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { convertIncomplete, logIncompleteCall, setIncompleteStatus } from './incomplete-checkout.service';
import { incompleteCheckouts } from './incomplete-checkout.table';

const HOUR = 3600_000;

/** Who left the checkout, when, and what the calls came to; the last one is converted on its call. */
const PLAN: {
  name: string;
  phone: string;
  address: string;
  hoursAgo: number;
  city: string;
  calls: CallOutcome[];
  note?: string;
  convert?: boolean;
}[] = [
  { name: 'Tahmina Akter', phone: '01712660101', address: 'House 9, Road 4, Dhanmondi', hoursAgo: 1, city: 'Dhaka', calls: [] },
  { name: 'Mizanur Rahman', phone: '01815660102', address: 'Flat 2A, Station Road', hoursAgo: 5, city: 'Chattogram', calls: ['no_answer'] },
  {
    name: 'Shirin Sultana',
    phone: '01913660103',
    address: 'Holding 41, Zindabazar',
    hoursAgo: 20,
    city: 'Sylhet',
    calls: ['no_answer', 'call_later'],
    note: 'Asked to call after 6 pm',
  },
  { name: '', phone: '01613660104', address: '', hoursAgo: 30, city: '', calls: ['wrong_number'] },
  {
    name: 'Arif Hossain',
    phone: '01716660105',
    address: 'Village Kashimpur, near the bazar',
    hoursAgo: 52,
    city: 'Gazipur',
    calls: ['not_interested'],
    note: 'Found it cheaper nearby',
  },
  {
    name: 'Nusrat Jahan',
    phone: '01317660106',
    address: 'House 3, Lane 6, Kazla',
    hoursAgo: 70,
    city: 'Rajshahi',
    calls: ['wants_to_order'],
    convert: true,
  },
];

/**
 * The demo shop's incomplete checkouts (DEMO=1, decision 056): drafts as shoppers leave them, some called
 * back with outcomes and notes, one converted into an order through the same service staff use.
 */
export async function seedDemoIncompleteCheckouts(db: Db): Promise<number> {
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 20)))
    .orderBy(asc(productVariants.id))
    .limit(12);
  const [caller] = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id)).limit(1);
  if (variants.length === 0 || !caller) return 0;
  const prices = await sellingPrices(
    db,
    variants.map((variant) => variant.id),
  );
  const cityRows = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(
      inArray(
        cities.name,
        PLAN.map((draft) => draft.city),
      ),
    );
  const asCaller = (at: Date): Ctx => actingAs(systemCtx(db, at), { kind: 'admin', id: caller.id, name: caller.name });

  let made = 0;
  for (const [index, draft] of PLAN.entries()) {
    const at = new Date(Date.now() - draft.hoursAgo * HOUR);
    const city = cityRows.find((row) => row.name === draft.city);
    const [area] = city
      ? await db.select({ id: subCities.id }).from(subCities).where(eq(subCities.cityId, city.id)).orderBy(asc(subCities.id)).limit(1)
      : [];
    const lines: IncompleteLine[] = [
      variants[(index * 5) % variants.length],
      index % 2 ? variants[(index * 7 + 3) % variants.length] : undefined,
    ]
      .flatMap((variant) => (variant ? [variant] : []))
      .filter((variant, at, all) => all.findIndex((other) => other.id === variant.id) === at)
      .flatMap((variant) => {
        const price = prices.get(variant.id);
        return price
          ? [
              {
                variant_id: variant.id,
                name: price.productName,
                variant_label: price.variantLabel,
                quantity: 1 + (index % 2),
                unit_price: price.unitPrice,
              },
            ]
          : [];
      });
    if (lines.length === 0) continue;
    const [row] = await db
      .insert(incompleteCheckouts)
      .values({
        name: draft.name,
        phone: draft.phone,
        address: draft.address,
        cityId: city?.id ?? null,
        subCityId: area?.id ?? null,
        lines,
        itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
        subtotal: lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0),
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: incompleteCheckouts.id });
    if (!row) continue;
    made += 1;
    for (const [call, outcome] of draft.calls.entries()) {
      const calledAt = new Date(at.getTime() + (call + 1) * 2 * HOUR);
      await logIncompleteCall(asCaller(calledAt > new Date() ? new Date() : calledAt), row.id, {
        outcome,
        note: call === draft.calls.length - 1 ? (draft.note ?? '') : '',
      });
    }
    // Set aside after the call: a shopper who does not want it.
    if (draft.calls.includes('not_interested')) {
      await setIncompleteStatus(asCaller(new Date(at.getTime() + 3 * HOUR)), row.id, { status: 'dismissed' });
    }
    if (draft.convert && city && area) {
      await convertIncomplete(asCaller(new Date(at.getTime() + 3 * HOUR)), row.id, {
        name: draft.name,
        phone: draft.phone,
        address: draft.address,
        city_id: city.id,
        sub_city_id: area.id,
        note: 'Confirmed on the call back',
      });
    }
  }
  return made;
}
