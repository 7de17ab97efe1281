import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../test/harness';

let t: TestApp;
let owner: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.browser();
  await owner.loginAdmin();
});
afterAll(() => t.close());

describe('a contract check written without a message of its own (contracts’ default-messages.ts)', () => {
  it('answers a whole sentence naming what to enter, not zod’s “Too big: expected string to have <=300 characters”', async () => {
    const tooLong = await owner.post('/api/admin/roles', { name: 'Packers', description: 'a'.repeat(301), permissions: [] });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.description).toEqual(['Use at most 300 characters']);
  });

  it('keeps a check’s own message: a sort order below 0 says so', async () => {
    const below = await owner.post('/api/admin/brands', { name: 'Aarong', sort_order: -1 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.sort_order).toEqual(['Enter 0 or more']);
  });
});
