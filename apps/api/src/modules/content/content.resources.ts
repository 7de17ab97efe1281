import {
  commentDescriptor,
  contactMessageDescriptor,
  factoryDescriptor,
  idField,
  idListParam,
  type PRODUCT_REVIEW_STATUSES,
  pageDescriptor,
  pageSectionDescriptor,
  pageTestimonialDescriptor,
  productReviewDescriptor,
  TEMPLATE_EVENTS,
  templateDescriptor,
} from '@haat/contracts';
import { and, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { adminIdOf } from '../../context';
import type { Db } from '../../db/client';
import { HttpError, invalid } from '../../http/errors';
import { createResource, likeContains, snakeRow } from '../../http/resource';
import { sanitizeRichText } from '../../lib/rich-text';
import { productExists, productIdsNamedLike, productNames } from '../products';
import { comments } from './comment.table';
import { contactRepliesOf, markContactMessagesRead, messageValues, setContactMessagesArchived } from './contact-message.service';
import { contactMessages, contactReplies } from './contact-message.table';
import { factories } from './factory.table';
import { pageSections, pages, pageTestimonials } from './page.table';
import { moderateProductReviews } from './product-review.service';
import { productReviews } from './product-review.table';
import { cleanTemplateBody } from './template.service';
import { templates } from './template.table';

type Row = Record<string, unknown>;
const _statusSchema = z.coerce.number().int().min(0).max(1);
const _yesNo = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const _idList = idListParam;
const _ratingSchema = z.coerce.number().int().min(1).max(5);

/** How many rows of `table` point at each of `ids` through `column`. */
async function countsBy(db: Db, table: PgTable, column: PgColumn, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db.select({ id: column, n: count() }).from(table).where(inArray(column, ids)).groupBy(column);
  return new Map(rows.map((row) => [Number(row.id), row.n]));
}

async function pageViews(db: Db, rows: Row[]) {
  const ids = rows.map((row) => Number(row.id));
  const sections = await countsBy(db, pageSections, pageSections.pageId, ids);
  const testimonials = await countsBy(db, pageTestimonials, pageTestimonials.pageId, ids);
  // The list does without the bodies; the edit form reads one page with its body.
  return rows.map(({ body: _, ...row }) => ({
    ...snakeRow(row),
    sections_count: sections.get(Number(row.id)) ?? 0,
    testimonials_count: testimonials.get(Number(row.id)) ?? 0,
  }));
}

export const pageResource = createResource(pageDescriptor, {
  table: pages,
  id: pages.id,
  search: [pages.title, pages.slug],
  sort: { id: pages.id, title: pages.title, sort_order: pages.sortOrder, updated_at: pages.updatedAt },
  filters: {
    status: { column: pages.status },
    show_in_footer: { column: pages.showInFooter },
    /** The sections and testimonials screens find their page by its slug. */
    slug: { column: pages.slug },
  },
  slug: { from: 'title', column: pages.slug },
  usedBy: [
    { table: pageSections, column: pageSections.pageId, label: 'sections' },
    { table: pageTestimonials, column: pageTestimonials.pageId, label: 'testimonials' },
  ],
  statusColumn: pages.status,
  toValues: (_ctx, input) => ({
    title: input.title,
    body: sanitizeRichText(input.body),
    showInFooter: input.show_in_footer,
    sortOrder: input.sort_order,
    status: input.status,
  }),
  toViews: ({ db }, rows) => pageViews(db, rows),
  async toDetail({ db }, row) {
    const [view] = await pageViews(db, [row]);
    return { ...view, body: row.body };
  },
});

/** A page's sections and testimonials are reached by the page's slug (`/api/admin/pages/{slug}/sections`). */
const _onPage = { page_id: idField('page') };

export const pageSectionResource = createResource(pageSectionDescriptor, {
  table: pageSections,
  id: pageSections.id,
  search: [pageSections.title],
  sort: { id: pageSections.id, title: pageSections.title, sort_order: pageSections.sortOrder },
  filters: {
    page_id: { column: pageSections.pageId },
    status: { column: pageSections.status },
  },
  statusColumn: pageSections.status,
  toValues: (_ctx, input) => ({
    pageId: input.page_id,
    title: input.title,
    body: sanitizeRichText(input.body),
    image: input.image,
    sortOrder: input.sort_order,
    status: input.status,
  }),
});

export const pageTestimonialResource = createResource(pageTestimonialDescriptor, {
  table: pageTestimonials,
  id: pageTestimonials.id,
  search: [pageTestimonials.name, pageTestimonials.text],
  sort: { id: pageTestimonials.id, name: pageTestimonials.name, rating: pageTestimonials.rating, sort_order: pageTestimonials.sortOrder },
  filters: {
    page_id: { column: pageTestimonials.pageId },
    status: { column: pageTestimonials.status },
  },
  statusColumn: pageTestimonials.status,
  toValues: (_ctx, input) => ({
    pageId: input.page_id,
    name: input.name,
    designation: input.designation,
    text: input.text,
    rating: input.rating,
    image: input.image,
    sortOrder: input.sort_order,
    status: input.status,
  }),
});

export const commentResource = createResource(commentDescriptor, {
  table: comments,
  id: comments.id,
  search: [comments.name, comments.text, comments.location],
  sort: { id: comments.id, name: comments.name, rating: comments.rating, sort_order: comments.sortOrder, created_at: comments.createdAt },
  filters: { status: { column: comments.status }, rating: { column: comments.rating } },
  statusColumn: comments.status,
  toValues: (_ctx, input) => ({
    name: input.name,
    location: input.location,
    text: input.text,
    rating: input.rating,
    image: input.image,
    sortOrder: input.sort_order,
    status: input.status,
  }),
});

export const factoryResource = createResource(factoryDescriptor, {
  table: factories,
  id: factories.id,
  search: [factories.name, factories.contactPerson, factories.phone, factories.address],
  sort: { id: factories.id, name: factories.name, created_at: factories.createdAt },
  filters: { status: { column: factories.status } },
  statusColumn: factories.status,
  async toValues({ db }, input, existing) {
    const [taken] = await db
      .select({ id: factories.id })
      .from(factories)
      .where(and(sql`lower(${factories.name}) = lower(${input.name})`, ne(factories.id, existing ? Number(existing.id) : 0)))
      .limit(1);
    if (taken) throw invalid('name', 'There is already a factory with this name.');
    return {
      name: input.name,
      contactPerson: input.contact_person,
      phone: input.phone,
      address: input.address,
      notes: input.notes,
      status: input.status,
    };
  },
});

export const templateResource = createResource(templateDescriptor, {
  table: templates,
  id: templates.id,
  search: [templates.name, templates.subject, templates.body],
  sort: { id: templates.id, name: templates.name, kind: templates.kind, updated_at: templates.updatedAt },
  filters: {
    kind: { column: templates.kind },
    status: { column: templates.status },
  },
  statusColumn: templates.status,
  async toValues({ db }, input, existing) {
    if (input.event) {
      const [taken] = await db
        .select({ id: templates.id })
        .from(templates)
        .where(and(eq(templates.event, input.event), ne(templates.id, existing ? Number(existing.id) : 0)))
        .limit(1);
      if (taken) throw invalid('event', 'Another template is already sent for this: clear it there first.');
    }
    const body = cleanTemplateBody(input.kind, input.body);
    if (!body.replace(/<[^>]*>/g, '').trim()) throw invalid('body', 'Write the template');
    return {
      name: input.name,
      kind: input.kind,
      event: input.event,
      subject: input.kind === 'email' ? input.subject : '',
      body,
      status: input.status,
    };
  },
  async toViews(_ctx, rows) {
    return rows.map((row) => ({
      ...snakeRow(row),
      event_label: row.event ? TEMPLATE_EVENTS[row.event as keyof typeof TEMPLATE_EVENTS].label : null,
    }));
  },
  async beforeDelete(ctx, row) {
    const _db = ctx.db;
    if (row.event) {
      const label = TEMPLATE_EVENTS[row.event as keyof typeof TEMPLATE_EVENTS].label;
      throw new HttpError(
        409,
        `This template cannot be deleted: the shop sends it for "${label}". Switch it off, or clear "Sent for", first.`,
      );
    }
  },
});

/** Seed §2.4's bulk words for reviews: the list's publish/unpublish are approve/hide. */
const REVIEW_ACTIONS: Record<string, (typeof PRODUCT_REVIEW_STATUSES)[number]> = {
  approve: 'approved',
  publish: 'approved',
  hide: 'hidden',
  unpublish: 'hidden',
  pending: 'pending',
};

export const productReviewResource = createResource(productReviewDescriptor, {
  bulkActions: {
    actions: Object.keys(REVIEW_ACTIONS),
    async run(ctx, action, ids) {
      const done = await moderateProductReviews(ctx, ids, REVIEW_ACTIONS[action] ?? 'pending');
      return { done, refused: ids.filter((id) => !done.includes(id)).map((id) => ({ id, message: 'The review was not found.' })) };
    },
  },
  table: productReviews,
  id: productReviews.id,
  searchWhere(q) {
    const pattern = likeContains(q.normalize('NFC'));
    return or(
      ilike(productReviews.customerName, pattern),
      ilike(productReviews.text, pattern),
      sql`${productReviews.productId} in ${productIdsNamedLike(pattern)}`,
    );
  },
  sort: { id: productReviews.id, rating: productReviews.rating, created_at: productReviews.createdAt },
  filters: {
    status: { column: productReviews.status },
    rating: { column: productReviews.rating },
    product_id: { column: productReviews.productId },
  },
  async toValues(ctx, input, existing) {
    if (!(await productExists(ctx, input.product_id))) throw invalid('product_id', 'Choose a product.');
    const answered = input.answer !== '' && input.answer !== existing?.answer;
    return {
      productId: input.product_id,
      customerName: input.customer_name,
      rating: input.rating,
      text: input.text,
      status: input.status,
      answer: input.answer,
      ...(answered ? { answeredAt: ctx.now } : {}),
      ...(input.answer === '' ? { answeredAt: null, answeredBy: null } : {}),
    };
  },
  async afterSave(ctx, { row, existing }) {
    const tx = ctx.db;
    const adminId = adminIdOf(ctx);
    const changes: Row = {};
    if (row.answeredAt && row.answer !== existing?.answer) changes.answeredBy = adminId;
    if (row.status !== (existing?.status ?? 'pending')) changes.moderatedBy = adminId;
    if (!Object.keys(changes).length) return;
    await tx
      .update(productReviews)
      .set(changes)
      .where(eq(productReviews.id, Number(row.id)));
    // The answer to the save is built from this row: keep it in step.
    Object.assign(row, changes);
  },
  async toViews(ctx, rows) {
    const names = await productNames(ctx, [...new Set(rows.map((row) => Number(row.productId)))]);
    return rows.map((row) => ({ ...snakeRow(row), product_name: names.get(Number(row.productId)) ?? null }));
  },
});

/** A message as the inbox shows it: without the sender's address, with a short excerpt. */
function contactMessageView({ ip: _, ...row }: Row): Row {
  const message = String(row.message);
  return { ...snakeRow(row), excerpt: message.length > 120 ? `${message.slice(0, 117)}…` : message };
}

export const contactMessageResource = createResource(contactMessageDescriptor, {
  bulkActions: {
    actions: ['archive', 'restore', 'read'],
    async run(ctx, action, ids) {
      const done =
        action === 'read' ? await markContactMessagesRead(ctx, ids) : await setContactMessagesArchived(ctx, ids, action === 'archive');
      return { done, refused: ids.filter((id) => !done.includes(id)).map((id) => ({ id, message: 'Nothing to change.' })) };
    },
  },
  table: contactMessages,
  id: contactMessages.id,
  search: [contactMessages.name, contactMessages.phone, contactMessages.email, contactMessages.message],
  sort: { id: contactMessages.id, name: contactMessages.name, created_at: contactMessages.createdAt },
  filters: {
    status: { column: contactMessages.status },
    /** The inbox: everything not archived. */
    box: {
      where: (value) => (value === 'archived' ? eq(contactMessages.status, 'archived') : ne(contactMessages.status, 'archived')),
    },
  },
  usedBy: [{ table: contactReplies, column: contactReplies.messageId, label: 'replies' }],
  toValues: (_ctx, input) => messageValues(input),
  toViews: async (_ctx, rows) => rows.map(contactMessageView),
  toDetail: async ({ db }, row) => ({ ...contactMessageView(row), replies: await contactRepliesOf(db, Number(row.id)) }),
});
