import { type CustomerAddress, customerAddressInput, customerProfileInput, customerRegisterInput, type PersonView } from '@haat/contracts';
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type Ctx, inTransaction } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { HttpError, invalid, notFound } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import { inactivePlace, placeNames } from '../locations';
import { customers } from './customer.table';
import { customerAddresses } from './customer-address.table';

/**
 * The customer a guest checkout (or a phone order) is for: the one with this phone, or a new one
 * without a password, who can register later with the same phone and see their orders.
 */
export async function findOrCreateCustomerByPhone(
  db: Db,
  person: { name: string; phone: string },
): Promise<{ id: number; status: string }> {
  const found = (await findOrCreateCustomersByPhone(db, [person])).get(person.phone);
  if (!found) throw new Error(`customer with phone ${person.phone} neither found nor created`);
  return found;
}

/**
 * findOrCreateCustomerByPhone for many people at once (a batch of orders), by phone, in three
 * statements at most: the ones there are, the new ones made (the first name given for a phone),
 * and the ones another placement made meanwhile.
 */
export async function findOrCreateCustomersByPhone(
  db: Db,
  people: { name: string; phone: string }[],
): Promise<Map<string, { id: number; status: string }>> {
  const byPhone = new Map<string, { id: number; status: string }>();
  const phones = [...new Set(people.map((person) => person.phone))];
  if (phones.length === 0) return byPhone;
  const find = async (wanted: string[]) => {
    const rows = await db
      .select({ id: customers.id, phone: customers.phone, status: customers.status })
      .from(customers)
      .where(inArray(customers.phone, wanted));
    for (const row of rows) if (row.phone) byPhone.set(row.phone, { id: row.id, status: row.status });
  };
  await find(phones);
  const names = new Map<string, string>();
  for (const person of people) if (!byPhone.has(person.phone) && !names.has(person.phone)) names.set(person.phone, person.name);
  if (names.size === 0) return byPhone;
  // Two first orders from one phone at once: the other made the customer, found again below.
  const created = await db
    .insert(customers)
    .values([...names].map(([phone, name]) => ({ name, phone })))
    .onConflictDoNothing({ target: customers.phone })
    .returning({ id: customers.id, phone: customers.phone, status: customers.status });
  for (const row of created) if (row.phone) byPhone.set(row.phone, { id: row.id, status: row.status });
  const raced = [...names.keys()].filter((phone) => !byPhone.has(phone));
  if (raced.length > 0) await find(raced);
  return byPhone;
}

/**
 * A customer who signed up with Google or Facebook has no phone until their first checkout: the
 * number they order with becomes theirs, unless another account already has it.
 */
export async function rememberCustomerPhone(db: Db, customerId: number, phone: string): Promise<void> {
  try {
    await db
      .update(customers)
      .set({ phone, updatedAt: new Date() })
      .where(
        and(
          eq(customers.id, customerId),
          isNull(customers.phone),
          sql`not exists (select 1 from ${customers} as other where other.phone = ${phone})`,
        ),
      );
  } catch (error) {
    // Another account took the number meanwhile: this customer stays without one.
    if (!isUniqueViolation(error, 'customers_phone_unique')) throw error;
  }
}

async function assertEmailFree(db: Db, email: string | null, customerId: number | null) {
  if (!email) return;
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), customerId ? ne(customers.id, customerId) : undefined));
  if (taken) throw invalid('email', 'Another account uses this email address.');
}

/**
 * `POST /_public/register`: a new customer with a password. A customer who ordered as a guest with
 * this phone (no password yet) takes the account over; a phone that already has a password is refused.
 * Returns the customer's id; the route then signs them in.
 */
export async function registerCustomer(ctx: Ctx, body: unknown): Promise<{ id: number; login: string; password: string }> {
  const input = customerRegisterInput.parse(body);
  const passwordHash = await hashPassword(input.password);
  const id = await inTransaction(ctx, async ({ db: tx, now }) => {
    const [existing] = await tx
      .select({ id: customers.id, passwordHash: customers.passwordHash, status: customers.status })
      .from(customers)
      .where(eq(customers.phone, input.phone))
      .for('update');
    if (existing?.passwordHash) {
      throw invalid('phone', 'This phone number is already registered. Sign in, or reset your password.');
    }
    if (existing?.status === 'blocked') throw new HttpError(403, 'This account is blocked. Please contact the shop.');
    await assertEmailFree(tx, input.email, existing?.id ?? null);
    const values = { name: input.name, email: input.email, passwordHash, updatedAt: now };
    try {
      if (existing) {
        await tx.update(customers).set(values).where(eq(customers.id, existing.id));
        return existing.id;
      }
      const [created] = await tx
        .insert(customers)
        .values({ ...values, phone: input.phone })
        .returning({ id: customers.id });
      return created?.id as number;
    } catch (error) {
      if (isUniqueViolation(error, 'customers_phone_unique')) throw invalid('phone', 'This phone number is already registered.');
      if (isUniqueViolation(error, 'customers_email_unique')) throw invalid('email', 'Another account uses this email address.');
      throw error;
    }
  });
  return { id, login: input.phone, password: input.password };
}

/** The signed-in shopper's id (the route's guard set them as the actor), or 401. */
export function customerIdOf(ctx: Ctx): number {
  if (ctx.actor.kind !== 'customer' || ctx.actor.id === null) throw new HttpError(401, 'Please sign in first.');
  return ctx.actor.id;
}

export async function customerProfile(ctx: Ctx): Promise<PersonView> {
  const customerId = customerIdOf(ctx);
  const [row] = await ctx.db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw new HttpError(401, 'Please sign in first.');
  return row;
}

/** `PUT /_public/account/profile`: name, phone and email; a phone or email another account has is refused. */
export async function updateCustomerProfile(ctx: Ctx, body: unknown): Promise<PersonView> {
  const input = customerProfileInput.parse(body);
  const { db } = ctx;
  const customerId = customerIdOf(ctx);
  if (input.phone) {
    const [phoneTaken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.phone, input.phone), ne(customers.id, customerId)));
    if (phoneTaken) throw invalid('phone', 'Another account uses this phone number.');
  }
  await assertEmailFree(db, input.email, customerId);
  try {
    await db
      .update(customers)
      .set({ name: input.name, phone: input.phone, email: input.email, updatedAt: ctx.now })
      .where(eq(customers.id, customerId));
  } catch (error) {
    if (isUniqueViolation(error, 'customers_phone_unique')) throw invalid('phone', 'Another account uses this phone number.');
    if (isUniqueViolation(error, 'customers_email_unique')) throw invalid('email', 'Another account uses this email address.');
    throw error;
  }
  return customerProfile(ctx);
}

// ---- Addresses ------------------------------------------------------------------------------------

type AddressRow = typeof customerAddresses.$inferSelect;

async function addressViews(db: Db, rows: AddressRow[]): Promise<CustomerAddress[]> {
  const names = await placeNames(db, [...new Set(rows.map((row) => row.cityId))], [...new Set(rows.map((row) => row.subCityId))]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phone,
    address: row.address,
    city_id: row.cityId,
    city_name: names.cities.get(row.cityId)?.name ?? null,
    sub_city_id: row.subCityId,
    sub_city_name: names.subCities.get(row.subCityId)?.name ?? null,
    is_default: row.isDefault,
  }));
}

/** The customer's addresses, the default first, then the newest. */
export async function listCustomerAddresses(ctx: Ctx): Promise<CustomerAddress[]> {
  const { db } = ctx;
  const customerId = customerIdOf(ctx);
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.id));
  return addressViews(db, rows);
}

/** Only the customer's own address is found: another's id is "not found", as if it did not exist. */
async function ownAddress(db: Db, customerId: number, id: number, lock = false): Promise<AddressRow> {
  const query = db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.customerId, customerId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('The address');
  return row;
}

async function checkPlace(db: Db, cityId: number, subCityId: number) {
  const inactive = await inactivePlace(db, cityId, subCityId);
  if (inactive === 'city') throw invalid('city_id', 'Choose a city we deliver to.');
  if (inactive === 'sub_city') throw invalid('sub_city_id', 'Choose an area of the chosen city.');
}

const ADDRESS_LIMIT = 20;

/**
 * Adds (id null) or changes one of the customer's addresses. The first address is the default;
 * making one the default takes the flag from the others.
 */
export async function saveCustomerAddress(ctx: Ctx, id: number | null, body: unknown): Promise<CustomerAddress> {
  const input = customerAddressInput.parse(body);
  const customerId = customerIdOf(ctx);
  const saved = await inTransaction(ctx, async ({ db: tx, now }) => {
    // The customer's row serialises their address changes, so "one default" holds under concurrent saves.
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const existing = id ? await ownAddress(tx, customerId, id, true) : null;
    await checkPlace(tx, input.city_id, input.sub_city_id);
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int`, defaults: sql<number>`count(*) filter (where ${customerAddresses.isDefault})::int` })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.customerId, customerId), id ? ne(customerAddresses.id, id) : undefined));
    if (!existing && (others?.n ?? 0) >= ADDRESS_LIMIT) {
      throw new HttpError(422, `You can save up to ${ADDRESS_LIMIT} addresses. Remove one first.`, {
        address: [`You can save up to ${ADDRESS_LIMIT} addresses.`],
      });
    }
    const isDefault = input.is_default || (others?.defaults ?? 0) === 0;
    if (isDefault) {
      await tx
        .update(customerAddresses)
        .set({ isDefault: false, updatedAt: now })
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.isDefault, true)));
    }
    const values = {
      name: input.name,
      phone: input.phone,
      address: input.address,
      cityId: input.city_id,
      subCityId: input.sub_city_id,
      isDefault,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(customerAddresses).set(values).where(eq(customerAddresses.id, existing.id)).returning()
      : await tx
          .insert(customerAddresses)
          .values({ ...values, customerId })
          .returning();
    return row as AddressRow;
  });
  const [view] = await addressViews(ctx.db, [saved]);
  return view as CustomerAddress;
}

/** Removes one of the customer's addresses; when it was the default, the newest other one becomes it. */
export async function deleteCustomerAddress(ctx: Ctx, id: number): Promise<void> {
  const customerId = customerIdOf(ctx);
  await inTransaction(ctx, async ({ db: tx, now }) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const row = await ownAddress(tx, customerId, id, true);
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, row.id));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.customerId, customerId))
      .orderBy(desc(customerAddresses.id))
      .limit(1);
    if (next) await tx.update(customerAddresses).set({ isDefault: true, updatedAt: now }).where(eq(customerAddresses.id, next.id));
  });
}
