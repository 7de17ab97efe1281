import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actingAs, systemCtx } from '../../context';
import { auditSince, lastAuditId } from '../../test/audit';
import { createTestApp, type TestApp, type TestBrowser } from '../../test/harness';
import { staffWith } from '../../test/staff';
import { customers } from '../customers/customer.table';
import { products } from '../products/product.table';
import { smsLog } from '../sms/sms-log.table';
import { contactMessages } from './contact-message.table';
import { notifications } from './notification.table';
import { createProductReview, productRatings } from './product-review.service';
import { productReviews } from './product-review.table';

let t: TestApp;
/** A signed-in shopper, outside a request. */
const asCustomer = (id: number) => actingAs(systemCtx(t.database.db), { kind: 'customer', id, name: null });
let admin: TestBrowser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.browser();
  await admin.loginAdmin();
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number };

describe('pages', () => {
  it('validates by field, makes the slug from the title and keeps the body to safe tags', async () => {
    const bad = await admin.post('/api/admin/pages', { title: 'A', slug: 'Not a slug!' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['slug', 'title']);
    const reserved = await admin.post('/api/admin/pages', { title: 'Adding', slug: 'add' });
    expect(reserved.json().errors.slug).toBeDefined();

    const created = await admin.post('/api/admin/pages', {
      title: 'Size guide',
      body: '<h1>Sizes</h1><p onclick="steal()">Measure <b>chest</b></p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      show_in_footer: true,
    });
    expect(created.statusCode).toBe(201);
    const page = created.json().data;
    expect(page).toMatchObject({ slug: 'size-guide', show_in_footer: true, status: 1, sections_count: 0 });
    expect(page.body).toBe('<h2>Sizes</h2><p>Measure <strong>chest</strong></p><a>x</a>');
    const clash = await admin.post('/api/admin/pages', { title: 'Other', slug: 'size-guide' });
    expect(clash.json().errors.slug).toEqual(['Another page already uses this slug.']);
    const list = (await admin.get('/api/admin/pages?filter[show_in_footer]=true')).json();
    expect(list.data.map((row: Row) => row.slug)).toContain('size-guide');
    expect(list.data[0].body).toBeUndefined();

    const saved = await admin.put(`/api/admin/pages/${page.id}`, { ...page, title: 'Size chart', body: '<p>Updated</p>' });
    expect(saved.json().data).toMatchObject({ title: 'Size chart', slug: 'size-guide', body: '<p>Updated</p>' });
    const open = (await t.app.inject({ method: 'GET', url: '/_public/page/size-guide' })).json();
    expect(open.page).toMatchObject({ title: 'Size chart', body: '<p>Updated</p>' });
  });

  it('keeps sections and testimonials under a page by its slug, and refuses to delete a page that has them', async () => {
    const page = (await admin.post('/api/admin/pages', { title: 'Wholesale', body: '<p>Buy in bulk</p>' })).json().data;
    const base = '/api/admin/pages/wholesale';
    expect((await admin.get('/api/admin/pages/no-such-page/sections')).statusCode).toBe(404);

    const invalid = await admin.post(`${base}/sections`, { title: '' });
    expect(invalid.json().errors.title).toBeDefined();
    const section = await admin.post(`${base}/sections`, {
      title: 'Minimum order',
      body: '<p>Ten pieces <img src=x onerror=alert(1)></p>',
    });
    expect(section.statusCode).toBe(201);
    expect(section.json().data).toMatchObject({ page_id: page.id, body: '<p>Ten pieces </p>' });
    const sectionId = section.json().data.id;
    const listed = (await admin.get(`${base}/sections?per_page=1&format=resource`)).json();
    expect(listed.meta.total).toBe(1);
    expect(listed.links.first).toBe('/api/admin/pages/wholesale/sections?per_page=1&format=resource&page=1');

    const badRating = await admin.post(`${base}/testimonials`, { name: 'Rokeya', text: 'Great prices', rating: 6 });
    expect(badRating.json().errors.rating).toEqual(['Choose a rating from 1 to 5']);
    const testimonial = await admin.post(`${base}/testimonials`, {
      name: 'Rokeya Begum',
      designation: 'Boutique owner',
      text: 'Great prices',
      rating: 5,
    });
    expect(testimonial.statusCode).toBe(201);

    // Another page's slug does not reach these rows.
    await admin.post('/api/admin/pages', { title: 'Careers' });
    expect((await admin.get(`/api/admin/pages/careers/sections/${sectionId}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/admin/pages/careers/sections/${sectionId}`, { title: 'Moved' })).statusCode).toBe(404);

    const edited = await admin.put(`${base}/sections/${sectionId}`, { title: 'Minimum order quantity', body: '<p>Ten</p>', status: 0 });
    expect(edited.json().data).toMatchObject({ title: 'Minimum order quantity', status: 0 });
    const publicPage = (await t.app.inject({ method: 'GET', url: '/_public/page/wholesale' })).json();
    expect(publicPage.sections).toEqual([]);
    expect(publicPage.testimonials.map((row: Row) => row.name)).toEqual(['Rokeya Begum']);

    const refused = await admin.delete(`/api/admin/pages/${page.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This page cannot be deleted: it is used by 1 section and 1 testimonial.');
    expect((await admin.delete(`${base}/sections/${sectionId}`)).statusCode).toBe(200);
    const bulk = (await admin.post(`${base}/testimonials/bulk`, { action: 'delete', ids: [testimonial.json().data.id] })).json();
    expect(bulk.done).toEqual([testimonial.json().data.id]);
    expect((await admin.delete(`/api/admin/pages/${page.id}`)).statusCode).toBe(200);
  });
});

describe('comments and factories', () => {
  it('manages customer testimonials with a rating from 1 to 5', async () => {
    const bad = await admin.post('/api/admin/comments', { name: 'R', text: 'ok', rating: 0 });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'rating', 'text']);
    const created = await admin.post('/api/admin/comments', {
      name: 'Rumana Sultana',
      location: 'Rangpur',
      text: 'Fast delivery to Rangpur.',
      rating: 5,
    });
    expect(created.statusCode).toBe(201);
    const comment = created.json().data;
    expect((await t.app.inject({ method: 'GET', url: '/_public/comments' })).json().comments.map((row: Row) => row.name)).toContain(
      'Rumana Sultana',
    );
    await admin.put(`/api/admin/comments/${comment.id}`, { ...comment, status: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/_public/comments' })).json().comments).toEqual([]);
    expect((await admin.get('/api/admin/comments?filter[rating]=5')).json().total).toBe(1);
    expect((await admin.delete(`/api/admin/comments/${comment.id}`)).statusCode).toBe(200);
  });

  it('manages factories with a checked phone and a unique name', async () => {
    const bad = await admin.post('/api/admin/factories', { name: 'Rupali Knit', phone: '12345' });
    expect(bad.json().errors.phone).toEqual(['Enter a mobile number like 01712345678']);
    const created = await admin.post('/api/admin/factories', {
      name: 'Rupali Knit',
      contact_person: 'Abdul Karim',
      phone: '+8801711000601',
      address: 'Fatullah, Narayanganj',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ phone: '01711000601', contact_person: 'Abdul Karim', status: 1 });
    expect((await admin.post('/api/admin/factories', { name: 'rupali knit' })).json().errors.name).toEqual([
      'There is already a factory with this name.',
    ]);
    const found = (await admin.get('/api/admin/factories?q=fatullah')).json();
    expect(found.total).toBe(1);
    const saved = await admin.put(`/api/admin/factories/${created.json().data.id}`, { name: 'Rupali Knit Composite', notes: 'T-shirts' });
    expect(saved.json().data).toMatchObject({ name: 'Rupali Knit Composite', phone: '', notes: 'T-shirts' });
    expect((await admin.delete(`/api/admin/factories/${created.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('templates', () => {
  it('starts with a template for each event the shop sends, on DEMO=0 too', async () => {
    const list = (await admin.get('/api/admin/templates?per_page=100')).json();
    expect(list.total).toBe(9);
    expect(list.data.filter((row: Row) => row.kind === 'sms')).toHaveLength(6);
    expect(list.data.find((row: Row) => row.event === 'order_invoice')).toMatchObject({ kind: 'invoice', event_label: 'Order invoice' });
  });

  it('refuses placeholders a kind does not accept, an e-mail without subject and a taken event, by field', async () => {
    const unknown = await admin.post('/api/admin/templates', {
      name: 'Promo',
      kind: 'sms',
      body: 'Hi {{customer_name}}, see {{items}} and {{nope}}',
    });
    expect(unknown.json().errors.body).toEqual(['{{items}}, {{nope}} cannot be used in SMS templates']);
    const noSubject = await admin.post('/api/admin/templates', { name: 'Welcome', kind: 'email', body: '<p>Hello</p>' });
    expect(noSubject.json().errors.subject).toEqual(['An e-mail needs a subject']);
    const wrongKind = await admin.post('/api/admin/templates', {
      name: 'Odd',
      kind: 'email',
      subject: 'x',
      event: 'order_placed',
      body: '<p>x</p>',
    });
    expect(wrongKind.json().errors.event).toBeDefined();
    const taken = await admin.post('/api/admin/templates', {
      name: 'Second',
      kind: 'sms',
      event: 'order_placed',
      body: 'Order {{order_number}}',
    });
    expect(taken.json().errors.event).toEqual(['Another template is already sent for this: clear it there first.']);
    const empty = await admin.post('/api/admin/templates', { name: 'Empty', kind: 'invoice', body: '<script>x</script>' });
    expect(empty.json().errors.body).toEqual(['Write the template']);
  });

  it('keeps invoice and e-mail bodies to safe tags, and refuses to delete a template the shop sends', async () => {
    const created = await admin.post('/api/admin/templates', {
      name: 'Eid greeting',
      kind: 'email',
      subject: 'Eid Mubarak from {{shop_name}}',
      body: '<p>Dear {{customer_name}}</p><script>steal()</script>',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.body).toBe('<p>Dear {{customer_name}}</p>');
    expect((await admin.delete(`/api/admin/templates/${created.json().data.id}`)).statusCode).toBe(200);

    const invoice = (await admin.get('/api/admin/templates?filter[kind]=invoice')).json().data[0];
    const refused = await admin.delete(`/api/admin/templates/${invoice.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('the shop sends it for "Order invoice"');
  });

  it('previews a template with sample values, escaped for HTML, with the SMS length', async () => {
    const placeholders = (await admin.get('/api/admin/templates/placeholders')).json().placeholders;
    expect(placeholders.sms.map((row: { token: string }) => row.token)).toContain('{{order_number}}');
    expect(placeholders.invoice.map((row: { name: string }) => row.name)).toContain('items');

    const sms = (
      await admin.post('/api/admin/templates/preview', { kind: 'sms', body: 'Order {{order_number}}: {{total}}, {{customer_name}}' })
    ).json().preview;
    expect(sms.body).toBe('Order HB-10245: ৳2,320, Ayesha Siddiqua');
    expect(sms.sms).toMatchObject({ unicode: true, parts: 1 });
    const bengali = (
      await admin.post('/api/admin/templates/preview', { kind: 'sms', body: `প্রিয় {{customer_name}}, ${'আপনার অর্ডার '.repeat(8)}` })
    ).json().preview;
    expect(bengali.sms.parts).toBeGreaterThan(1);
    const latin = (await admin.post('/api/admin/templates/preview', { kind: 'sms', body: 'Hello {{code}}' })).json().preview;
    expect(latin.sms).toEqual({ characters: 12, parts: 1, unicode: false });

    const invoice = (
      await admin.post('/api/admin/templates/preview', {
        kind: 'invoice',
        body: '<h2>{{shop_name}}</h2>{{items}}<p>{{total}}</p><script>x</script>',
      })
    ).json().preview;
    expect(invoice.body).toContain('<h2>Haat Bazar</h2><table class="items">');
    expect(invoice.body).toContain('<td>Hijab pin set</td>');
    expect(invoice.body).not.toContain('<script>');
    expect(invoice.sms).toBeNull();
    const email = (
      await admin.post('/api/admin/templates/preview', { kind: 'email', subject: 'Order {{order_number}}', body: '<p>Hi</p>' })
    ).json().preview;
    expect(email.subject).toBe('Order HB-10245');
  });
});

describe('product reviews', () => {
  let productId = 0;
  let hiddenProductId = 0;
  let customerIds: number[] = [];
  beforeAll(async () => {
    const { db } = t.database;
    const made = await db
      .insert(products)
      .values([
        { name: 'Cotton three-piece', slug: 'cotton-three-piece', sku: 'REV-1', wholesalePrice: 90000, retailPrice: 120000 },
        { name: 'Old stock kurti', slug: 'old-stock-kurti', sku: 'REV-2', wholesalePrice: 50000, retailPrice: 70000, status: 0 },
      ])
      .returning({ id: products.id });
    productId = made[0]?.id ?? 0;
    hiddenProductId = made[1]?.id ?? 0;
    const people = await db
      .insert(customers)
      .values([
        { name: 'Ayesha Siddiqua', phone: '01712000001' },
        { name: 'Imran Kabir', phone: '01712000002' },
      ])
      .returning({ id: customers.id });
    customerIds = people.map((person) => person.id);
  });

  it('lets a customer write one review per product, waiting for approval', async () => {
    const { db } = t.database;
    const [first, second] = customerIds as [number, number];
    const review = await createProductReview(asCustomer(first), { product_id: productId, rating: 5, text: 'Lovely fabric, true to size.' });
    expect(review).toMatchObject({ status: 'pending', customerName: 'Ayesha Siddiqua' });
    await expect(createProductReview(asCustomer(first), { product_id: productId, rating: 4, text: 'Again' })).rejects.toMatchObject({
      statusCode: 409,
    });
    await expect(createProductReview(asCustomer(second), { product_id: hiddenProductId, rating: 4, text: 'Nice' })).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(createProductReview(asCustomer(second), { product_id: productId, rating: 9, text: 'Nice' })).rejects.toThrow();
    await createProductReview(asCustomer(second), { product_id: productId, rating: 2, text: 'Colour faded after one wash.' });
    expect((await productRatings(db, [productId])).get(productId)).toBeUndefined();
  });

  it('approves, hides and answers reviews; only approved ones count', async () => {
    const pending = (await admin.get(`/api/admin/product-reviews?filter[status]=pending&filter[product_id]=${productId}`)).json();
    expect(pending.total).toBe(2);
    expect(pending.data[0]).toMatchObject({ product_name: 'Cotton three-piece' });
    const [newest, oldest] = pending.data as Row[];
    const approved = (await admin.post('/api/admin/product-reviews/bulk', { action: 'approve', ids: [newest?.id, oldest?.id] })).json();
    expect(approved.done).toHaveLength(2);
    expect((await productRatings(t.database.db, [productId])).get(productId)).toEqual({ average: 3.5, count: 2 });
    const hidden = (await admin.post('/api/admin/product-reviews/bulk', { action: 'unpublish', ids: [newest?.id] })).json();
    expect(hidden.done).toEqual([newest?.id]);
    expect((await productRatings(t.database.db, [productId])).get(productId)).toEqual({ average: 5, count: 1 });

    const current = (await admin.get(`/api/admin/product-reviews/${oldest?.id}`)).json().data;
    const answered = await admin.put(`/api/admin/product-reviews/${oldest?.id}`, { ...current, answer: 'Thank you, Ayesha!' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ answer: 'Thank you, Ayesha!', status: 'approved' });
    expect(answered.json().data.answered_at).not.toBeNull();
    expect(answered.json().data.answered_by).toEqual(expect.any(Number));
    const noText = await admin.put(`/api/admin/product-reviews/${oldest?.id}`, { ...oldest, text: '', rating: 7 });
    expect(Object.keys(noText.json().errors).sort()).toEqual(['rating', 'text']);

    const byPhone = await admin.post('/api/admin/product-reviews', {
      product_id: productId,
      customer_name: 'Caller from Khulna',
      rating: 4,
      text: 'Told us on the phone she loved it.',
      status: 'approved',
    });
    expect(byPhone.statusCode).toBe(201);
    expect(byPhone.json().data.customer_id).toBeNull();
    const search = (await admin.get('/api/admin/product-reviews?q=three-piece')).json();
    expect(search.total).toBe(3);
  });

  it('answers to review.moderate only', async () => {
    const moderator = await staffWith(t, ['review.moderate']);
    expect((await moderator.get('/api/admin/product-reviews')).statusCode).toBe(200);
    const other = await staffWith(t, ['comment.view']);
    expect((await other.get('/api/admin/product-reviews')).statusCode).toBe(403);
    expect((await other.post('/api/admin/product-reviews/bulk', { action: 'approve', ids: [1] })).statusCode).toBe(403);
  });
});

describe('contact messages', () => {
  /** The storefront's form, from a given address. */
  async function contact(body: Record<string, unknown>, ip: string) {
    const visitor = await t.browser();
    return t.app.inject({
      method: 'POST',
      url: '/_public/contact',
      payload: body,
      remoteAddress: ip,
      headers: { cookie: `haat_csrf=${visitor.cookie('haat_csrf')}`, 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': visitor.csrf },
    });
  }

  it('takes messages from the storefront, checked by field and limited per address', async () => {
    const noWayBack = await contact({ name: 'Nadia', message: 'Do you have this in XL?' }, '10.0.0.1');
    expect(noWayBack.statusCode).toBe(422);
    expect(noWayBack.json().errors.phone).toEqual(['Give a phone number or an email address so the shop can answer']);
    const short = await contact({ name: 'Nadia', phone: '01712000451', message: 'XL?' }, '10.0.0.1');
    expect(short.json().errors.message).toBeDefined();

    for (let index = 0; index < 5; index++) {
      const sent = await contact(
        { name: 'Nadia Rahman', phone: '01712000451', message: `Do you have the maroon three-piece in XL? (${index})` },
        '10.0.0.1',
      );
      expect(sent.statusCode).toBe(201);
    }
    const limited = await contact({ name: 'Nadia Rahman', phone: '01712000451', message: 'One more question about sizes' }, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    const elsewhere = await contact(
      { name: 'Laboni Akter', email: 'laboni@example.com', message: 'My parcel has not arrived yet, order HB-10212.' },
      '10.0.0.2',
    );
    expect(elsewhere.statusCode).toBe(201);

    const inbox = (await admin.get('/api/admin/contact-messages?filter[status]=new')).json();
    expect(inbox.total).toBe(6);
    expect(inbox.data[0]).toMatchObject({ name: 'Laboni Akter', status: 'new' });
    expect(inbox.data[0].ip).toBeUndefined();
  });

  it('is read, answered by SMS through the notifier, archived and restored', async () => {
    const [message] = (await admin.get('/api/admin/contact-messages?q=maroon&per_page=1')).json().data as Row[];
    const id = message?.id;
    expect((await admin.post(`/api/admin/contact-messages/${id}/read`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/contact-messages/${id}`)).json().data.status).toBe('read');

    const noEmail = await admin.post(`/api/admin/contact-messages/${id}/reply`, { channel: 'email', message: 'Yes, we have it.' });
    expect(noEmail.json().errors.channel).toEqual(['This message has no e-mail address: reply by SMS.']);
    const replied = await admin.post(`/api/admin/contact-messages/${id}/reply`, { channel: 'sms', message: 'Yes, XL is in stock.' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ delivery: 'logged', data: { status: 'replied' } });
    expect(replied.json().message).toContain('No SMS gateway');
    expect(replied.json().data.replies).toMatchObject([{ channel: 'sms', text: 'Yes, XL is in stock.', delivery: 'logged' }]);
    const [logged] = await t.database.db.select().from(notifications).orderBy(desc(notifications.id)).limit(1);
    expect(logged).toMatchObject({ channel: 'sms', status: 'logged', recipient: '01712000451', reference: `contact_message:${id}` });
    expect(logged?.body).toContain('Yes, XL is in stock.');
    const [sms] = await t.database.db.select().from(smsLog).orderBy(desc(smsLog.id)).limit(1);
    expect(sms).toMatchObject({ status: 'logged', purpose: 'contact_message' });

    const email = (await admin.get('/api/admin/contact-messages?q=laboni')).json().data[0];
    const byEmail = await admin.post(`/api/admin/contact-messages/${email.id}/reply`, {
      channel: 'email',
      message: 'We have asked the courier.',
    });
    expect(byEmail.json().message).toContain('No e-mail gateway');
    const [mail] = await t.database.db.select().from(notifications).where(eq(notifications.channel, 'email'));
    expect(mail).toMatchObject({ recipient: 'laboni@example.com', subject: 'Re: your message to Haat' });

    expect((await admin.post(`/api/admin/contact-messages/${id}/archive`)).statusCode).toBe(200);
    expect((await admin.get('/api/admin/contact-messages?filter[box]=archived')).json().data.map((row: Row) => row.id)).toEqual([id]);
    expect((await admin.get('/api/admin/contact-messages?filter[box]=inbox')).json().total).toBe(5);
    expect((await admin.post(`/api/admin/contact-messages/${id}/archive`)).statusCode).toBe(409);
    expect((await admin.post(`/api/admin/contact-messages/${id}/restore`)).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/contact-messages/${id}`)).json().data.status).toBe('replied');

    const refused = await admin.delete(`/api/admin/contact-messages/${id}`);
    expect(refused.statusCode).toBe(409);
    const spam = (await admin.get('/api/admin/contact-messages?filter[status]=new&per_page=1')).json().data[0];
    expect((await admin.delete(`/api/admin/contact-messages/${spam.id}`)).statusCode).toBe(200);
  });

  it('answers to contact.message.manage only', async () => {
    const clerk = await staffWith(t, ['contact.message.manage']);
    expect((await clerk.get('/api/admin/contact-messages')).statusCode).toBe(200);
    const logged = await clerk.post('/api/admin/contact-messages', {
      name: 'Caller',
      phone: '01911000999',
      message: 'Called to ask about bulk orders.',
    });
    expect(logged.statusCode).toBe(201);
    const other = await staffWith(t, ['page.view']);
    expect((await other.get('/api/admin/contact-messages')).statusCode).toBe(403);
  });
});

describe('the audit log of replies and moderation', () => {
  let me: { id: number; name: string };
  beforeAll(async () => {
    me = (await admin.get('/check/session/admin')).json().admin;
  });

  it('records a contact-message reply by the admin; a refused reply writes no row', async () => {
    const [row] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Audit Caller', phone: '01712000999', email: '', message: 'Is the red saree back?', ip: '10.20.30.40' })
      .returning({ id: contactMessages.id });
    const id = row?.id as number;
    const mark = await lastAuditId(t.database.db);
    const refused = await admin.post(`/api/admin/contact-messages/${id}/reply`, { channel: 'email', message: 'Yes.' });
    expect(refused.statusCode).toBe(422);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);

    const replied = await admin.post(`/api/admin/contact-messages/${id}/reply`, { channel: 'sms', message: 'Yes, it is back.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const rows = await auditSince(t.database.db, mark);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'admin',
      actorId: me.id,
      actorName: me.name,
      action: 'reply',
      entity: 'contact.message',
      entityId: String(id),
    });
    expect(rows[0]?.ip).toBeTruthy();
    expect(rows[0]?.changes).toMatchObject({
      status: { before: 'new', after: 'replied' },
      reply: { before: null, after: { channel: 'sms', to: '01712000999', text: 'Yes, it is back.' } },
    });

    // Archiving is audited like the list's bulk action.
    const archived = await lastAuditId(t.database.db);
    expect((await admin.post(`/api/admin/contact-messages/${id}/archive`)).statusCode).toBe(200);
    expect((await auditSince(t.database.db, archived)).map((each) => [each.action, each.entityId, each.actorId])).toEqual([
      ['archive', String(id), me.id],
    ]);
  });

  it('records each review a moderator approves, status before → after; a refused moderation writes no row', async () => {
    const [product] = await t.database.db
      .insert(products)
      .values({ name: 'Audit kurti', slug: 'audit-kurti', sku: 'AUD-REV', wholesalePrice: 50000, retailPrice: 70000 })
      .returning({ id: products.id });
    const reviews = await t.database.db
      .insert(productReviews)
      .values([
        { productId: product?.id as number, customerName: 'Rumana', rating: 5, text: 'Lovely' },
        { productId: product?.id as number, customerName: 'Sabbir', rating: 3, text: 'Fine' },
      ])
      .returning({ id: productReviews.id });
    const ids = reviews.map((review) => review.id);
    const outsider = await staffWith(t, ['page.view']);
    const mark = await lastAuditId(t.database.db);
    expect((await outsider.post('/api/admin/product-reviews/bulk', { action: 'approve', ids })).statusCode).toBe(403);
    expect(await auditSince(t.database.db, mark)).toHaveLength(0);

    const approved = await admin.post('/api/admin/product-reviews/bulk', { action: 'approve', ids });
    expect(approved.json().done.sort()).toEqual([...ids].sort());
    const rows = (await auditSince(t.database.db, mark)).sort((a, b) => Number(a.entityId) - Number(b.entityId));
    expect(rows.map((each) => [each.action, each.entity, each.entityId, each.actorKind, each.actorId])).toEqual(
      [...ids].sort((a, b) => a - b).map((id) => ['approve', 'review', String(id), 'admin', me.id]),
    );
    expect(rows[0]?.changes).toMatchObject({ status: { before: 'pending', after: 'approved' } });
    expect(rows[0]?.ip).toBeTruthy();
  });
});
