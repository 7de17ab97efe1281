import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { freshPhone, loginShopper, openShop, type Shop, shopper } from '../orders/order.fixture';
import { smsLog } from '../sms/sms-log.table';
import { customerPasswordResets } from './customer-password-reset.table';

let shop: Shop;
let db: Db;
const PASSWORD = 'shopper-password-1';
const NEW_PASSWORD = 'brand-new-pass-1';

beforeAll(async () => {
  shop = await openShop();
  db = shop.t.database.db;
});
afterAll(() => shop.t.close());

/** A registered shopper and their signed-in browser. */
async function registered() {
  const phone = freshPhone();
  const browser = await shopper(shop);
  const response = await browser.post('/_public/register', {
    name: 'Nusrat Jahan',
    phone,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { phone, browser };
}

/** The code in the last password-reset SMS to this phone. */
async function lastCode(phone: string): Promise<string | null> {
  const [row] = await db
    .select({ message: smsLog.message })
    .from(smsLog)
    .where(and(eq(smsLog.purpose, 'password_reset'), sql`${smsLog.recipients} like ${`%${phone.slice(1)}`}`))
    .orderBy(desc(smsLog.id))
    .limit(1);
  return row?.message.match(/\b\d{6}\b/)?.[0] ?? null;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const resetBody = (phone: string, code: string, password = NEW_PASSWORD) => ({ phone, code, password, password_confirmation: password });

describe('a shopper resets a forgotten password by SMS code', () => {
  it('sends a code, refuses a wrong one, sets the new password and ends every session', async () => {
    const { phone, browser: before } = await registered();
    expect((await before.get('/_public/userToCheck')).json().status).toBe('AUTHORIZED');
    const visitor = await shopper(shop);
    const requested = await visitor.post('/_public/password/forgot', { phone: `+88${phone}` });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().message).toMatch(/6-digit code is on its way/);
    const code = (await lastCode(phone)) as string;
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed, expiring in 10 minutes.
    const [row] = await db.select().from(customerPasswordResets).where(eq(customerPasswordResets.phone, phone));
    expect(row?.codeHash).not.toContain(code);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(10 * 60_000);

    const wrong = await visitor.post('/_public/password/reset', resetBody(phone, otherThan(code)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code[0]).toMatch(/not right/);
    const mismatch = await visitor.post('/_public/password/reset', { ...resetBody(phone, code), password_confirmation: 'something-else' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The two passwords do not match'] });
    // The old password still works until the reset is done.
    await loginShopper(await shopper(shop), phone, PASSWORD);

    const done = await visitor.post('/_public/password/reset', resetBody(phone, code));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe('Your new password is set. Sign in with it.');
    expect((await before.get('/_public/userToCheck')).json().status).not.toBe('AUTHORIZED');
    const old = await (await shopper(shop)).post('/_public/login', { login: phone, password: PASSWORD });
    expect(old.statusCode).toBe(422);
    await loginShopper(await shopper(shop), phone, NEW_PASSWORD);
    // The used code cannot set a password again.
    const again = await visitor.post('/_public/password/reset', resetBody(phone, code, 'another-pass-12'));
    expect(again.statusCode).toBe(422);
  });

  it('refuses a code after 10 minutes', async () => {
    const { phone } = await registered();
    const visitor = await shopper(shop);
    await visitor.post('/_public/password/forgot', { phone });
    const code = (await lastCode(phone)) as string;
    await db
      .update(customerPasswordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(customerPasswordResets.phone, phone));
    const late = await visitor.post('/_public/password/reset', resetBody(phone, code));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.code[0]).toMatch(/expired/);
    await loginShopper(await shopper(shop), phone, PASSWORD);
  });

  it('allows 5 tries, counted under a lock: after 5 wrong codes, even at once, the right one is refused', async () => {
    const { phone } = await registered();
    const visitor = await shopper(shop);
    await visitor.post('/_public/password/forgot', { phone });
    const code = (await lastCode(phone)) as string;
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => visitor.post('/_public/password/reset', resetBody(phone, otherThan(code)))),
    );
    expect(guesses.map((answer) => answer.statusCode)).toEqual(Array(8).fill(422));
    const [row] = await db.select().from(customerPasswordResets).where(eq(customerPasswordResets.phone, phone));
    expect(row?.attempts).toBe(5);
    const right = await visitor.post('/_public/password/reset', resetBody(phone, code));
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code[0]).toMatch(/Too many wrong codes/);
    await loginShopper(await shopper(shop), phone, PASSWORD);
  });

  it('answers a phone with no account exactly as a registered one, sends it nothing, and limits both to 3 codes an hour', async () => {
    const { phone } = await registered();
    const unknown = freshPhone();
    const visitor = await shopper(shop);
    const answers = { known: [] as [number, string][], unknown: [] as [number, string][] };
    for (let send = 1; send <= 4; send += 1) {
      const known = await visitor.post('/_public/password/forgot', { phone });
      const other = await visitor.post('/_public/password/forgot', { phone: unknown });
      answers.known.push([known.statusCode, known.body]);
      answers.unknown.push([other.statusCode, other.body]);
    }
    expect(answers.known.map(([status]) => status)).toEqual([200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.known);
    expect(await lastCode(unknown)).toBeNull();
    const guessKnown = await visitor.post('/_public/password/reset', resetBody(phone, '000001'));
    const guessUnknown = await visitor.post('/_public/password/reset', resetBody(unknown, '000001'));
    expect([guessUnknown.statusCode, guessUnknown.body]).toEqual([guessKnown.statusCode, guessKnown.body]);
    const bad = await visitor.post('/_public/password/forgot', { phone: '123' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['phone']);
    const badReset = await visitor.post('/_public/password/reset', { phone, code: '12', password: 'short', password_confirmation: '' });
    expect(Object.keys(badReset.json().errors).sort()).toEqual(['code', 'password', 'password_confirmation']);
  });
});

describe('codes tried from one address', () => {
  it('are limited across phones: past 30 in an hour the next is refused with 429 and how long to wait', async () => {
    const { phone } = await registered();
    const guesser = async (index: number) =>
      shop.t.app.inject({
        method: 'POST',
        url: '/_public/password/reset',
        remoteAddress: '198.51.100.7',
        cookies: { haat_csrf: 'c'.repeat(43) },
        headers: { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': 'c'.repeat(43) },
        payload: resetBody(index === 30 ? phone : freshPhone(), '123456'),
      });
    for (let index = 0; index < 30; index += 1) expect((await guesser(index)).statusCode).toBe(422);
    const refused = await guesser(30);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.code[0]).toMatch(
      /^Too many codes were tried from this address\. Please wait \d+ minutes and try again\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    await loginShopper(await shopper(shop), phone, PASSWORD);
  });
});
