import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { createAdmin } from '../staff';
import { categories } from './category.table';

let t: TestApp;
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

describe('the resource machinery, through categories', () => {
  it('creates a category with a slug made from its name, numbering a taken one', async () => {
    const first = await admin.post('/api/admin/categories', { name: "Men's Fashion", sort_order: 2, show_on_home: true });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ name: "Men's Fashion", slug: 'men-s-fashion', level: 1, show_on_home: true, status: 1 });
    const second = await admin.post('/api/admin/categories', { name: "Men's  fashion" });
    expect(second.json().data.slug).toBe('men-s-fashion-2');
  });

  it('names each invalid field', async () => {
    const response = await admin.post('/api/admin/categories', { name: 'x', slug: 'Not A Slug', sort_order: -1 });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['name', 'slug', 'sort_order']);
    const taken = await admin.post('/api/admin/categories', { name: 'Another', slug: 'men-s-fashion' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['Another category already uses this slug.']);
  });

  it('lists in both pagination shapes with search, sort and filters', async () => {
    for (const name of ['Women', 'Kids', 'Electronics', 'Home & Living']) await admin.post('/api/admin/categories', { name });
    const plain = (await admin.get('/api/admin/categories?per_page=2&sort=name')).json();
    expect(plain).toMatchObject({ current_page: 1, per_page: 2, total: 6, last_page: 3, from: 1, to: 2, prev_page_url: null });
    expect(plain.data.map((row: { name: string }) => row.name)).toEqual(['Electronics', 'Home & Living']);
    expect(plain.next_page_url).toBe('/api/admin/categories?per_page=2&sort=name&page=2');
    const resource = (await admin.get('/api/admin/categories?per_page=2&page=3&sort=-name&format=resource')).json();
    expect(resource.meta).toMatchObject({ current_page: 3, last_page: 3, total: 6, from: 5, to: 6 });
    expect(resource.links).toMatchObject({ next: null, first: expect.stringContaining('page=1') });
    const searched = (await admin.get('/api/admin/categories?q=fash')).json();
    expect(searched.total).toBe(2);
    const filtered = (await admin.get('/api/admin/categories?filter[show_on_home]=true')).json();
    expect(filtered.data.map((row: { name: string }) => row.name)).toEqual(["Men's Fashion"]);
    const badSort = await admin.get('/api/admin/categories?sort=password');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().errors).toHaveProperty('sort');
    const badFilter = await admin.get('/api/admin/categories?filter[nope]=1');
    expect(badFilter.json().errors).toHaveProperty(['filter.nope']);
  });

  it('keeps the tree: a subcategory needs a level-1 parent, and a used category cannot be deleted', async () => {
    const parent = (await admin.post('/api/admin/categories', { name: 'Gadgets' })).json().data;
    const wrong = await admin.post('/api/admin/subcategories', { name: 'Phones', parent_id: 999999 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.parent_id).toBeDefined();
    const child = await admin.post('/api/admin/subcategories', { name: 'Phones', parent_id: parent.id });
    expect(child.statusCode).toBe(201);
    expect(child.json().data).toMatchObject({ level: 2, parent_id: parent.id, parent_name: 'Gadgets' });
    // A subcategory is not a category.
    expect((await admin.get(`/api/admin/categories/${child.json().data.id}`)).statusCode).toBe(404);
    // An id past the id columns' range is simply not found, never a database error.
    const huge = await admin.get('/api/admin/categories/99999999999');
    expect(huge.statusCode).toBe(404);
    expect(huge.json().message).toBe('The category was not found.');
    const refused = await admin.delete(`/api/admin/categories/${parent.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This category cannot be deleted: it is used by 1 subcategory.');
    const grandchild = await admin.post('/api/admin/sub-subcategories', { name: 'Android', parent_id: parent.id });
    expect(grandchild.json().errors.parent_id).toEqual(['Choose a subcategory.']);
    expect((await admin.delete(`/api/admin/subcategories/${child.json().data.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/categories/${parent.id}`)).statusCode).toBe(200);
    const [gone] = await t.database.db.select().from(categories).where(eq(categories.id, parent.id));
    expect(gone).toBeUndefined();
  });

  it('updates, bulk-unpublishes and exports CSV', async () => {
    const row = (await admin.post('/api/admin/categories', { name: 'Beauty' })).json().data;
    const updated = await admin.put(`/api/admin/categories/${row.id}`, { name: 'Beauty & Care', slug: 'beauty-care', status: 1 });
    expect(updated.json().data).toMatchObject({ name: 'Beauty & Care', slug: 'beauty-care' });
    const bulk = await admin.post('/api/admin/categories/bulk', { action: 'unpublish', ids: [row.id, 987654] });
    expect(bulk.json()).toMatchObject({ done: [row.id], refused: [{ id: 987654 }] });
    expect((await admin.get(`/api/admin/categories/${row.id}`)).json().data.status).toBe(0);
    const csv = await admin.get('/api/admin/categories/export.csv?q=beauty');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Beauty & Care');
  });

  it('refuses a staff member without the permission', async () => {
    await createAdmin(t.database.db, { name: 'No Rights', email: 'none@test.haat', password: 'none-password-1' });
    const staff = await t.browser();
    await staff.loginAdmin('none@test.haat', 'none-password-1');
    const list = await staff.get('/api/admin/categories');
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toContain('category.view');
    expect((await staff.post('/api/admin/categories', { name: 'Sneaky' })).statusCode).toBe(403);
    expect((await staff.post('/api/admin/categories/bulk', { action: 'delete', ids: [1] })).statusCode).toBe(403);
  });
});
