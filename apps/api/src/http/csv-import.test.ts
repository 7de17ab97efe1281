import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../modules/audit/audit.table';
import { brands } from '../modules/catalog/brand.table';
import { createTestApp, type TestApp, type TestBrowser } from '../test/harness';
import { staffWith } from '../test/staff';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

/** POST `{path}/import` with a CSV file, as the list's import dialog sends it. */
function importCsv(path: string, csv: string | Buffer, dryRun = false, as: TestBrowser = admin) {
  const boundary = '----haat-import-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return as.request('POST', `${path}/import${dryRun ? '?dry_run=1' : ''}`, body, {
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
}

const brandAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'brand'));

describe('CSV import of declared resources', () => {
  it('checks a good file without writing, then writes every row with its audit row', async () => {
    const file = 'Name,Slug,Sort order,Status\nImport Alpha,,5,1\nImport Beta,beta-brand,6,0\n';
    const dry = await importCsv('/api/admin/brands', file, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, created: 2, updated: 0, errors: [] });
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'Import Alpha'))).toHaveLength(0);
    const auditsBefore = (await brandAudits()).length;

    const done = await importCsv('/api/admin/brands', file);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ dry_run: false, created: 2, updated: 0 });
    const [alpha] = await t.database.db.select().from(brands).where(eq(brands.name, 'Import Alpha'));
    expect(alpha).toMatchObject({ slug: 'import-alpha', sortOrder: 5, status: 1 });
    const [beta] = await t.database.db.select().from(brands).where(eq(brands.slug, 'beta-brand'));
    expect(beta).toMatchObject({ name: 'Import Beta', status: 0 });
    const audits = await brandAudits();
    expect(audits.length - auditsBefore).toBe(2);
    expect(audits.filter((row) => row.action === 'create' && row.entityId === String(alpha?.id))).toHaveLength(1);
  });

  it('refuses a file with bad rows, naming each line and field, and writes nothing', async () => {
    const before = (await t.database.db.select().from(brands)).length;
    const auditsBefore = (await brandAudits()).length;
    const file = ['id,name,slug,sort_order', ',Good One,,1', ',,,2', '999999,Lost,,3', ',Bad order,,many'].join('\n');
    for (const dryRun of [true, false]) {
      const refused = await importCsv('/api/admin/brands', file, dryRun);
      expect(refused.statusCode).toBe(422);
      const { problems, report } = refused.json();
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ line: 3, field: 'name' }),
          { line: 4, field: 'id', message: 'There is no brand with this id.' },
          expect.objectContaining({ line: 5, field: 'sort_order' }),
        ]),
      );
      expect(problems.some((problem: { line: number }) => problem.line === 2)).toBe(false);
      expect(report.map((row: { row: number }) => row.row)).toEqual([3, 4, 5]);
    }
    expect((await t.database.db.select().from(brands)).length).toBe(before);
    expect((await brandAudits()).length).toBe(auditsBefore);
  });

  it('updates the rows a file matches by id or slug instead of adding them again', async () => {
    const [alpha] = await t.database.db.select().from(brands).where(eq(brands.slug, 'import-alpha'));
    const file = `id,name,slug,sort_order\n${alpha?.id},Import Alpha Renamed,,9\n,Import Beta Again,beta-brand,7\n,Import Gamma,,8\n`;
    const dry = await importCsv('/api/admin/brands', file, true);
    expect(dry.json()).toMatchObject({ created: 1, updated: 2 });
    const done = await importCsv('/api/admin/brands', file);
    expect(done.json()).toMatchObject({ created: 1, updated: 2 });
    const imported = await t.database.db.select().from(brands);
    expect(imported.filter((row) => row.slug === 'beta-brand')).toHaveLength(1);
    expect(imported.find((row) => row.id === alpha?.id)).toMatchObject({ name: 'Import Alpha Renamed', sortOrder: 9 });
    expect(imported.find((row) => row.slug === 'beta-brand')).toMatchObject({ name: 'Import Beta Again', sortOrder: 7 });
    const updates = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'brand'), eq(auditLog.action, 'update')));
    expect(updates.length).toBeGreaterThanOrEqual(2);
    // Importing the same file again changes nothing and adds no row.
    const again = await importCsv('/api/admin/brands', file);
    expect(again.json()).toMatchObject({ created: 0, updated: 3 });
    expect((await t.database.db.select().from(brands)).length).toBe(imported.length);
  });

  it('imports cities and coupons too, and only for resources that declare an import', async () => {
    const cities = await importCsv('/api/admin/cities', 'name,division,is_main_city,status\nImportpur,Dhaka,false,1\n');
    expect(cities.json()).toMatchObject({ created: 1 });
    const coupons = await importCsv('/api/admin/coupons', 'code,discount_type,amount_off\nimport50,amount,50\n');
    expect(coupons.statusCode).toBe(200);
    const again = await importCsv('/api/admin/coupons', 'code,discount_type,amount_off\nIMPORT50,amount,60\n');
    expect(again.json()).toMatchObject({ created: 0, updated: 1 });
    // The server's own checks (toValues) refuse a line the contract allows.
    const clash = await importCsv('/api/admin/cities', 'name,division\nIMPORTPUR,Dhaka\n');
    expect(clash.statusCode).toBe(422);
    expect(clash.json().problems).toEqual([{ line: 2, field: 'name', message: 'There is already a city with this name.' }]);
    const sliders = await importCsv('/api/admin/sliders', 'title\nNope\n');
    expect(sliders.statusCode).toBe(404);
  });

  it('refuses a staff member without the create permission, and a visitor, before reading the file', async () => {
    const before = (await t.database.db.select().from(brands)).length;
    const viewer = await staffWith(t, ['brand.view']);
    const refused = await importCsv('/api/admin/brands', 'name\nNot allowed\n', false, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toEqual(expect.any(String));
    const visitor = await t.browser();
    expect((await importCsv('/api/admin/brands', 'name\nNot allowed\n', false, visitor)).statusCode).toBe(401);
    expect(await t.database.db.select().from(brands)).toHaveLength(before);
    // Allowed to create brands: the same file goes in.
    const creator = await staffWith(t, ['brand.view', 'brand.create', 'brand.update']);
    expect((await importCsv('/api/admin/brands', 'name\nAllowed Import\n', false, creator)).json()).toMatchObject({ created: 1 });
  });

  it('answers a clear 4xx naming the file for a request that is not a CSV upload', async () => {
    const cases = [
      ['no file', () => admin.post('/api/admin/brands/import', { name: 'JSON body' })],
      ['binary file', () => importCsv('/api/admin/brands', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]))],
      ['empty file', () => importCsv('/api/admin/brands', '')],
      ['header only', () => importCsv('/api/admin/brands', 'name,slug\n')],
      ['unknown columns only', () => importCsv('/api/admin/brands', 'colour\nred\n')],
    ] as const;
    for (const [label, send] of cases) {
      const answer = await send();
      expect([400, 413, 415, 422], label).toContain(answer.statusCode);
      expect(answer.json().message, label).toEqual(expect.any(String));
      expect(JSON.stringify(answer.json().errors ?? answer.json().problems), label).toMatch(/file|colour/);
    }
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'JSON body'))).toHaveLength(0);
  });
});
