import type { OrderStatusCode, OrderType } from '@haat/contracts';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { actingAs, type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { customers } from '../customers/customer.table';
import { cities, subCities } from '../locations/location.table';
import { products, productVariants } from '../products/product.table';
import { admins } from '../staff/admin.table';
import { placeOrder } from './order.service';
import { orders } from './order.table';
import { moveOrderStatus } from './order-status.service';

/** How an order reaches each status from pending, with what staff wrote on each move. */
const PATH: Record<OrderStatusCode, [OrderStatusCode, string][]> = {
  1: [],
  2: [[2, 'Confirmed by phone']],
  3: [
    [2, 'Confirmed by phone'],
    [3, 'Packed'],
  ],
  4: [
    [2, 'Confirmed by phone'],
    [3, 'Packed'],
    [4, 'Handed to the courier'],
  ],
  5: [
    [2, 'Confirmed by phone'],
    [3, 'Packed'],
    [4, 'Handed to the courier'],
    [5, 'Cash collected'],
  ],
  6: [
    [2, 'Confirmed by phone'],
    [3, 'Packed'],
    [4, 'Handed to the courier'],
    [6, 'Customer refused the parcel'],
  ],
  7: [[7, 'Customer cancelled on the phone']],
  8: [[8, 'Customer did not answer; will call again']],
};

/** The demo orders: days ago, the status they end in, their channel. Recent ones are still pending. */
const PLAN: [days: number, status: OrderStatusCode, type: OrderType][] = [
  [0, 1, 'website'],
  [0, 1, 'phone'],
  [0, 1, 'landing'],
  [1, 1, 'website'],
  [1, 1, 'website'],
  [1, 8, 'phone'],
  [1, 2, 'website'],
  [2, 1, 'wholesale'],
  [2, 2, 'phone'],
  [2, 2, 'website'],
  [3, 3, 'website'],
  [3, 3, 'landing'],
  [3, 7, 'website'],
  [4, 4, 'phone'],
  [4, 3, 'website'],
  [5, 4, 'website'],
  [5, 4, 'wholesale'],
  [6, 2, 'website'],
  [6, 8, 'website'],
  [7, 5, 'website'],
  [8, 5, 'phone'],
  [9, 4, 'website'],
  [10, 5, 'landing'],
  [11, 6, 'website'],
  [12, 5, 'website'],
  [14, 5, 'wholesale'],
  [15, 7, 'phone'],
  [17, 5, 'website'],
  [19, 5, 'website'],
  [21, 6, 'phone'],
  [23, 5, 'website'],
  [25, 5, 'landing'],
  [27, 7, 'website'],
  [28, 5, 'website'],
  // The two months before: a running shop's orders, nearly all delivered by now.
  [31, 5, 'website'],
  [34, 5, 'wholesale'],
  [37, 5, 'phone'],
  [40, 6, 'website'],
  [43, 5, 'landing'],
  [47, 5, 'wholesale'],
  [51, 5, 'website'],
  [55, 5, 'phone'],
  [59, 5, 'wholesale'],
  [63, 7, 'website'],
  [67, 5, 'landing'],
  [72, 5, 'wholesale'],
  [77, 5, 'website'],
  [82, 5, 'phone'],
  [87, 5, 'wholesale'],
];

const ADDRESSES = [
  'House 14, Road 7, Block C',
  'Flat 3B, House 22, Lake Road',
  'Holding 118, College Para',
  'House 5, Lane 2, Station Road',
  'Shop 9, Kazi Market, Main Road',
  'Village Uttar Para, near the primary school',
];

const SOURCES: Record<OrderType, string> = {
  website: 'Website',
  phone: 'Phone',
  landing: 'Facebook',
  wholesale: 'Phone',
  reseller: 'Website',
  exchange: 'Phone',
};

const HOUR = 3600_000;

/**
 * The demo shop's orders (DEMO=1): placed through placeOrder and moved through moveOrderStatus, so
 * their stock, history and counts are what real orders leave behind, spread over the last three
 * months in every status. Runs after the catalogue, customers and places exist.
 */
export async function seedDemoOrders(db: Db): Promise<number> {
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.status, 1), gt(productVariants.stock, 30)))
    .orderBy(asc(productVariants.id))
    .limit(40);
  const people = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone })
    .from(customers)
    .where(isNotNull(customers.phone))
    .orderBy(asc(customers.id))
    .limit(12);
  const cityRows = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(inArray(cities.name, ['Dhaka', 'Chattogram', 'Sylhet', 'Rajshahi', 'Khulna', 'Gazipur']))
    .orderBy(asc(cities.id));
  const staff = await db.select({ id: admins.id, name: admins.name }).from(admins).orderBy(asc(admins.id));
  // The demo history is back-dated and names the staff member who did each step.
  const asStaff = (person: { id: number; name: string } | undefined, at: Date): Ctx =>
    person ? actingAs(systemCtx(db, at), { kind: 'admin', id: person.id, name: person.name }) : systemCtx(db, at);
  if (variants.length === 0 || people.length === 0 || cityRows.length === 0) return 0;
  const areas = await db
    .select({ id: subCities.id, cityId: subCities.cityId })
    .from(subCities)
    .where(
      inArray(
        subCities.cityId,
        cityRows.map((city) => city.id),
      ),
    )
    .orderBy(asc(subCities.id));

  // Placed oldest first, as a real shop's orders are: ids and numbers then follow the time of placing,
  // which is the order the lists' "newest first" (by id) reads them in.
  const placing = PLAN.map(([days, status, type], index) => ({
    index,
    status,
    type,
    placedAt: new Date(Date.now() - days * 24 * HOUR - ((index * 37) % 9) * HOUR - 2 * HOUR),
  })).sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());

  let made = 0;
  for (const { index, status, type, placedAt } of placing) {
    const person = people[index % people.length];
    const city = cityRows[index % 3 === 0 ? 0 : index % cityRows.length];
    if (!person?.phone || !city) continue;
    const cityAreas = areas.filter((area) => area.cityId === city.id);
    const area = cityAreas[(index * 5) % Math.max(1, cityAreas.length)];
    const first = variants[(index * 7) % variants.length];
    const second = variants[(index * 11 + 3) % variants.length];
    if (!first) continue;
    const lines = [{ variantId: first.id, quantity: type === 'wholesale' ? 6 : 1 }];
    if (second && second.id !== first.id && index % 3 === 1) lines.push({ variantId: second.id, quantity: type === 'wholesale' ? 4 : 1 });
    const byStaff = type === 'phone' || type === 'wholesale';
    const member = staff[1 + (index % Math.max(1, staff.length - 1))] ?? staff[0];
    const { order } = await placeOrder(byStaff ? asStaff(member, placedAt) : systemCtx(db, placedAt), {
      type,
      customer: {
        id: type === 'website' ? person.id : null,
        name: person.name,
        phone: person.phone,
        address: ADDRESSES[index % ADDRESSES.length] as string,
        cityId: city.id,
        subCityId: area?.id ?? null,
      },
      lines,
      source: SOURCES[type],
      publishedOnly: !byStaff,
      note: index % 5 === 0 ? 'Please call before delivery' : '',
    });
    made += 1;
    // The staff member the order was assigned to works it (order assignment, decision 057).
    const [placed] = await db.select({ assignee: orders.assignedAdminId }).from(orders).where(eq(orders.id, order.id));
    const worker = staff.find((each) => each.id === placed?.assignee) ?? member;
    let at = placedAt.getTime();
    for (const [step, [to, note]] of PATH[status].entries()) {
      // Confirmed within the hour or a few hours later, as a busy day allows.
      at = Math.min(Date.now(), at + (step === 0 ? 0.5 + ((index * 13) % 7) * 0.5 : 20) * HOUR);
      await moveOrderStatus(asStaff(worker, new Date(at)), { orderIds: [order.id], to, note });
    }
  }
  return made;
}
