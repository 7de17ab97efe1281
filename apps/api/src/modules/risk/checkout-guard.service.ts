import { createHash, randomInt } from 'node:crypto';
import {
  ADVANCE_HOLD_NOTE,
  ADVANCE_ONLINE_MESSAGE,
  type CheckoutChannel,
  type FraudSetting,
  FULL_ONLINE_FOR_RISKY_MESSAGE,
  type PhoneRisk,
  type RefusalReason,
} from '@haat/contracts';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { type Ctx, systemCtx } from '../../context';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/errors';
import {
  moveOrderStatus,
  orderView,
  type PlaceOrderContext,
  type PublicOrderGuard,
  type PublicShopper,
  phoneStatusCounts,
} from '../orders';
import { checkoutPaymentMethods, readSetting, SETTING_GROUPS, type SettingsConfig, secretsIn } from '../settings';
import { sendSms } from '../sms';
import { activeBlocks, phoneRiskOf } from './phone-risk.service';
import { checkoutCodes, checkoutMarks, fraudRefusals } from './risk.table';

/** A checkout the fraud controls refuse: answered as `{message, errors}` and written to the refusal log. */
export class RiskRefusal extends HttpError {
  constructor(
    readonly reason: RefusalReason,
    status: number,
    message: string,
    field: string,
  ) {
    super(status, message, { [field]: [message] });
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A code lives ten minutes; a new one is sent at most once a minute and five times an hour; five wrong tries end it. */
const CODE_LIFETIME = 10 * 60_000;
const RESEND_AFTER = 60_000;
const CODES_PER_HOUR = 5;
const TRIES = 5;

/** The app's settings config, by database: the SMS gateway's secrets need it (the app registers its own). */
const configs = new WeakMap<Db, SettingsConfig>();
export function sendCheckoutCodesThrough(db: Db, config: SettingsConfig): void {
  configs.set(db, config);
}

/**
 * The fraud controls of every public checkout (decision 055), in this order: the blocklist (phone, IP
 * address), the code by SMS for risky or new phones, then — inside the order's transaction — the caps
 * per phone and IP (advisory locks, then a count) and the most of one product. A risky phone must pay
 * in advance (`advance_for_risky`): while a gateway takes the delivery charge (or the full payment), cash
 * on delivery is refused and an online order goes on awaiting its payment; with no gateway on, the
 * order waits on hold for the advance, as before online payment (decision 062). Every refusal is logged.
 */
export const checkoutGuard: PublicOrderGuard = async (ctx, shopper, place) => {
  const { db } = ctx;
  try {
    const setting = await readSetting(db, SETTING_GROUPS.fraud);
    const [blocks, risk] = await Promise.all([
      activeBlocks(db, ctx.now, [shopper.phone], shopper.ip),
      setting.otp_enabled || setting.advance_for_risky ? phoneRisk(db, shopper.phone, setting) : null,
    ]);
    if (blocks.some((row) => row.kind === 'phone')) {
      throw new RiskRefusal('blocked_phone', 403, 'Orders from this phone number are not accepted. Please call the shop.', 'phone');
    }
    if (blocks.some((row) => row.kind === 'ip')) {
      throw new RiskRefusal(
        'blocked_ip',
        403,
        'Orders from your network are not accepted at the moment. Please call the shop to order.',
        'phone',
      );
    }
    const advanceWanted = setting.advance_for_risky && risk?.badge === 'risky';
    const online = (shopper.paymentMethod ?? 'cod') !== 'cod';
    // Before the code is asked: a shopper told to pay online has no code to type in vain.
    if (advanceWanted && !online) await refuseCodWhenOnline(db);
    if (risk && setting.otp_enabled && needsCode(risk, setting)) await checkCode(ctx, shopper);

    const placed = await place(checkoutHooks(ctx, shopper, setting));
    // Paid online, the order awaits its payment (the gateway confirms it); no hold.
    if (!placed.created || !advanceWanted || online) return placed;
    // No gateway takes an advance: the order waits on hold for it, with the reason on its history.
    await moveOrderStatus(systemCtx(db, ctx.now), { orderIds: [placed.order.id], to: 8, note: ADVANCE_HOLD_NOTE });
    return { ...placed, order: await orderView(db, placed.order.id) };
  } catch (error) {
    if (error instanceof RiskRefusal) await logRefusal(db, ctx.now, shopper, error);
    throw error;
  }
};

/** A risky phone's cash on delivery is refused while some gateway takes the delivery charge, or else the whole order. */
async function refuseCodWhenOnline(db: Db): Promise<void> {
  const methods = await checkoutPaymentMethods(db);
  if (methods.some((method) => method.purposes.includes('delivery'))) {
    throw new RiskRefusal('advance_required', 422, ADVANCE_ONLINE_MESSAGE, 'payment_method');
  }
  if (methods.some((method) => method.purposes.includes('full'))) {
    throw new RiskRefusal('advance_required', 422, FULL_ONLINE_FOR_RISKY_MESSAGE, 'payment_method');
  }
}

async function phoneRisk(db: Db, phone: string, setting: FraudSetting): Promise<PhoneRisk> {
  const counts = await phoneStatusCounts(db, [phone]);
  return phoneRiskOf(phone, counts.get(phone), setting, null);
}

function needsCode(risk: PhoneRisk, setting: FraudSetting): boolean {
  return risk.badge === 'risky' || (risk.badge === 'new' && setting.otp_phones === 'risky_and_new');
}

/** The hooks run inside the order's transaction: the caps and the most of one product, and the mark the caps count. */
function checkoutHooks(ctx: Ctx, shopper: PublicShopper, setting: FraudSetting): PlaceOrderContext {
  const capped =
    setting.phone_orders_per_hour > 0 ||
    setting.phone_orders_per_day > 0 ||
    (shopper.ip !== '' && (setting.ip_orders_per_hour > 0 || setting.ip_orders_per_day > 0));
  return {
    async prepare(tx) {
      if (capped) await checkCaps(tx, ctx.now, shopper, setting);
      return [];
    },
    checkLines(lines) {
      const most = setting.max_quantity_per_product;
      if (most <= 0) return;
      const byProduct = new Map<number, { quantity: number; field: string; name: string }>();
      for (const line of lines) {
        const seen = byProduct.get(line.productId);
        if (seen) seen.quantity += line.quantity;
        else byProduct.set(line.productId, { quantity: line.quantity, field: line.field, name: line.name });
      }
      for (const { quantity, field, name } of byProduct.values()) {
        if (quantity > most) {
          throw new RiskRefusal('max_quantity', 422, `You can order at most ${most} of ${name} in one order.`, field);
        }
      }
    },
    // The caps count marks; while no cap is set none is written (a checkout costs no statement for them).
    async placed(tx, order) {
      if (!capped) return;
      await tx
        .insert(checkoutMarks)
        .values({ phone: shopper.phone, ip: shopper.ip, channel: shopper.channel, orderId: order.id, at: ctx.now });
    },
  };
}

/**
 * Decided inside the order's transaction: the phone's and the IP address's advisory locks (in a fixed
 * order, so two checkouts never wait on each other crosswise), then the orders they placed within the
 * hour and the day. A second checkout of the same phone waits for the first to commit or roll back,
 * so exactly the cap is taken however many arrive at once.
 */
async function checkCaps(tx: Db, now: Date, shopper: PublicShopper, setting: FraudSetting): Promise<void> {
  const keys = [`risk:phone:${shopper.phone}`, ...(shopper.ip ? [`risk:ip:${shopper.ip}`] : [])];
  // The sorted subquery is not flattened: the outer select takes the locks in its order.
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  await tx.execute(
    sql`select pg_advisory_xact_lock(k) from (select hashtextextended(v.key, 0) as k from (values ${values}) as v(key) order by 1) as locks`,
  );
  const hourAgo = new Date(now.getTime() - HOUR);
  const dayAgo = new Date(now.getTime() - DAY);
  const [row] = await tx
    .select({
      phoneHour: sql<number>`count(*) filter (where ${checkoutMarks.phone} = ${shopper.phone} and ${checkoutMarks.at} > ${hourAgo})::int`,
      phoneDay: sql<number>`count(*) filter (where ${checkoutMarks.phone} = ${shopper.phone})::int`,
      ipHour: sql<number>`count(*) filter (where ${checkoutMarks.ip} = ${shopper.ip} and ${checkoutMarks.at} > ${hourAgo})::int`,
      ipDay: sql<number>`count(*) filter (where ${checkoutMarks.ip} = ${shopper.ip})::int`,
    })
    .from(checkoutMarks)
    .where(
      and(
        gt(checkoutMarks.at, dayAgo),
        shopper.ip
          ? sql`(${checkoutMarks.phone} = ${shopper.phone} or ${checkoutMarks.ip} = ${shopper.ip})`
          : eq(checkoutMarks.phone, shopper.phone),
      ),
    );
  const counts = row ?? { phoneHour: 0, phoneDay: 0, ipHour: 0, ipDay: 0 };
  const over = (cap: number, count: number) => cap > 0 && count >= cap;
  const later = 'Please try again later, or call the shop to order.';
  if (over(setting.phone_orders_per_hour, counts.phoneHour)) {
    throw new RiskRefusal(
      'phone_cap',
      429,
      `This phone number has placed ${counts.phoneHour} orders in the last hour, the most the shop takes. ${later}`,
      'phone',
    );
  }
  if (over(setting.phone_orders_per_day, counts.phoneDay)) {
    throw new RiskRefusal(
      'phone_cap',
      429,
      `This phone number has placed ${counts.phoneDay} orders today, the most the shop takes in a day. ${later}`,
      'phone',
    );
  }
  if (!shopper.ip) return;
  if (over(setting.ip_orders_per_hour, counts.ipHour)) {
    throw new RiskRefusal('ip_cap', 429, `Too many orders from your network in the last hour. ${later}`, 'phone');
  }
  if (over(setting.ip_orders_per_day, counts.ipDay)) {
    throw new RiskRefusal('ip_cap', 429, `Too many orders from your network today. ${later}`, 'phone');
  }
}

const hashCode = (phone: string, code: string) => createHash('sha256').update(`checkout-code:${phone}:${code}`).digest('hex');

/**
 * The code by SMS: without a code (or with an expired one) one is sent and the checkout answers 428
 * asking for it; a right code marks the phone verified until the code expires (a retried checkout
 * passes); a wrong one counts a try.
 */
async function checkCode(ctx: Ctx, shopper: PublicShopper): Promise<void> {
  const { db, now } = ctx;
  const [latest] = await db
    .select()
    .from(checkoutCodes)
    .where(and(eq(checkoutCodes.phone, shopper.phone), gt(checkoutCodes.expiresAt, now)))
    .orderBy(desc(checkoutCodes.sentAt))
    .limit(1);
  if (latest?.verifiedAt) return;
  if (shopper.otpCode && latest) {
    if (latest.tries >= TRIES) {
      throw new RiskRefusal(
        'otp_limit',
        429,
        'Too many wrong codes. Leave the code empty and place the order again for a new one.',
        'otp_code',
      );
    }
    // The try is counted in one statement: two at once cannot both use the last try.
    const [checked] = await db
      .update(checkoutCodes)
      .set(latest.codeHash === hashCode(shopper.phone, shopper.otpCode) ? { verifiedAt: now } : { tries: sql`${checkoutCodes.tries} + 1` })
      .where(and(eq(checkoutCodes.id, latest.id), sql`${checkoutCodes.tries} < ${TRIES}`))
      .returning({ verifiedAt: checkoutCodes.verifiedAt, tries: checkoutCodes.tries });
    if (checked?.verifiedAt) return;
    const left = TRIES - (checked?.tries ?? TRIES);
    throw new RiskRefusal(
      left > 0 ? 'otp_wrong' : 'otp_limit',
      422,
      left > 0
        ? `That code is not right. Check the SMS and try again (${left} ${left === 1 ? 'try' : 'tries'} left).`
        : 'Too many wrong codes. Leave the code empty and place the order again for a new one.',
      'otp_code',
    );
  }
  if (latest && now.getTime() - latest.sentAt.getTime() < RESEND_AFTER) {
    throw new RiskRefusal('otp_required', 428, `We sent a code by SMS to ${shopper.phone}. Enter it to place your order.`, 'otp_code');
  }
  const [sent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(checkoutCodes)
    .where(and(eq(checkoutCodes.phone, shopper.phone), gt(checkoutCodes.sentAt, new Date(now.getTime() - HOUR))));
  if ((sent?.n ?? 0) >= CODES_PER_HOUR) {
    throw new RiskRefusal(
      'otp_limit',
      429,
      'Too many codes were sent to this phone in the last hour. Please try again later, or call the shop.',
      'otp_code',
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(checkoutCodes).values({
    phone: shopper.phone,
    codeHash: hashCode(shopper.phone, code),
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_LIFETIME),
  });
  const config = configs.get(db);
  const { site_name: shop } = await readSetting(db, SETTING_GROUPS.general);
  if (config) {
    await sendSms(secretsIn(ctx, config), {
      to: [shopper.phone],
      message: `${code} is your code to place your order at ${shop || 'the shop'}. It expires in 10 minutes.`,
      purpose: 'checkout_code',
    });
  }
  throw new RiskRefusal('otp_required', 428, `We sent a code by SMS to ${shopper.phone}. Enter it to place your order.`, 'otp_code');
}

async function logRefusal(db: Db, now: Date, shopper: PublicShopper, refusal: RiskRefusal): Promise<void> {
  await db.insert(fraudRefusals).values({
    at: now,
    channel: shopper.channel as CheckoutChannel,
    reason: refusal.reason,
    phone: shopper.phone,
    ip: shopper.ip,
    message: refusal.message,
  });
}

/** Marks older than two days count in no cap; codes a day past expiry help no one. */
export async function pruneCheckoutRecords(db: Db, now: Date): Promise<void> {
  await db.delete(checkoutMarks).where(sql`${checkoutMarks.at} < ${new Date(now.getTime() - 2 * DAY)}`);
  await db.delete(checkoutCodes).where(sql`${checkoutCodes.expiresAt} < ${new Date(now.getTime() - DAY)}`);
}
