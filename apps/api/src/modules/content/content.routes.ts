import {
  idList,
  type Permission,
  TEMPLATE_KINDS,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_PLACEHOLDERS_BY_KIND,
  templatePreviewInput,
} from '@haat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAdmin } from '../../http/auth';
import { HttpError, notFound, pathId } from '../../http/errors';
import { requestCtx } from '../../http/request-context';
import { type createResource, snakeRow } from '../../http/resource';
import { comments } from './comment.table';
import {
  markContactMessagesRead,
  replyToContactMessage,
  setContactMessagesArchived,
  submitContactMessage,
} from './contact-message.service';
import {
  commentResource,
  contactMessageResource,
  factoryResource,
  pageResource,
  pageSectionResource,
  pageTestimonialResource,
  productReviewResource,
  templateResource,
} from './content.resources';
import { pageSections, pages, pageTestimonials } from './page.table';
import { previewTemplate } from './template.service';

type Row = Record<string, unknown>;
type WithId = { Params: { id: string } };

function rowId(request: FastifyRequest<WithId>, label: string): number {
  return pathId(request.params.id, `The ${label}`);
}

export async function contentRoutes(app: FastifyInstance) {
  pageResource.register(app);
  commentResource.register(app);
  factoryResource.register(app);
  templateResource.register(app);
  registerPageChildren(app, pageSectionResource, pageSections);
  registerPageChildren(app, pageTestimonialResource, pageTestimonials);

  productReviewResource.register(app);

  contactMessageResource.register(app);
  const manage = 'contact.message.manage' satisfies Permission;

  /** The storefront's contact form, open to everyone, a few messages per address an hour. */
  app.post('/_public/contact', async (request, reply) => {
    await submitContactMessage(requestCtx(request), request.body);
    return reply.status(201).send({ message: 'Thank you! We have your message and will get back to you soon.' });
  });

  app.post<WithId>('/api/admin/contact-messages/:id/read', { preHandler: requireAdmin(manage) }, async (request) => {
    const id = rowId(request, 'contact message');
    const ctx = requestCtx(request);
    await contactMessageResource.find(ctx, id);
    // Audited like the list's bulk action: one row for the message, when it was new.
    await contactMessageResource.bulk(ctx, 'read', [id], (tx) => markContactMessagesRead(tx, [id]));
    return { message: 'Marked as read.' };
  });

  app.post<WithId>('/api/admin/contact-messages/:id/reply', { preHandler: requireAdmin(manage) }, async (request) => {
    const id = rowId(request, 'contact message');
    const outcome = await replyToContactMessage(requestCtx(request), request.server.config, id, request.body);
    const row = await contactMessageResource.find(requestCtx(request), id);
    return {
      data: await contactMessageResource.definition.toDetail?.(requestCtx(request), row),
      message: outcome.summary,
      delivery: outcome.status,
    };
  });

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post<WithId>(`/api/admin/contact-messages/:id/${action}`, { preHandler: requireAdmin(manage) }, async (request) => {
      const id = rowId(request, 'contact message');
      const ctx = requestCtx(request);
      await contactMessageResource.find(ctx, id);
      const changed = await contactMessageResource.bulk(ctx, action, [id], (tx) => setContactMessagesArchived(tx, [id], archived));
      if (!changed.length) throw new HttpError(409, archived ? 'This message is archived already.' : 'This message is not archived.');
      return { message: archived ? 'The message was archived.' : 'The message is back in the inbox.' };
    });
  }

  /** The placeholders each kind of template accepts, with what they mean. */
  app.get('/api/admin/templates/placeholders', { preHandler: requireAdmin('template.view') }, async () => ({
    placeholders: Object.fromEntries(
      TEMPLATE_KINDS.map((kind) => [
        kind,
        TEMPLATE_PLACEHOLDERS_BY_KIND[kind].map((name) => ({ name, token: `{{${name}}}`, label: TEMPLATE_PLACEHOLDERS[name].label })),
      ]),
    ),
  }));

  app.post('/api/admin/templates/preview', { preHandler: requireAdmin('template.view') }, async (request) => {
    const input = templatePreviewInput.parse(request.body);
    return { preview: previewTemplate(input.kind, input.subject, input.body) };
  });

  /** The storefront footer's page links. */
  app.get('/_public/pages', async (request) => {
    const rows = await request.server.db
      .select({ title: pages.title, slug: pages.slug, showInFooter: pages.showInFooter })
      .from(pages)
      .where(eq(pages.status, 1))
      .orderBy(asc(pages.sortOrder), asc(pages.id));
    return { pages: rows.map((row) => ({ title: row.title, slug: row.slug, show_in_footer: row.showInFooter })) };
  });

  /** One page with its active sections and testimonials. */
  app.get<{ Params: { slug: string } }>('/_public/page/:slug', async (request) => {
    const { db } = request.server;
    const [page] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.slug, request.params.slug), eq(pages.status, 1)));
    if (!page) throw notFound('The page');
    const [sections, testimonials] = await Promise.all([
      db
        .select()
        .from(pageSections)
        .where(and(eq(pageSections.pageId, page.id), eq(pageSections.status, 1)))
        .orderBy(asc(pageSections.sortOrder), asc(pageSections.id)),
      db
        .select()
        .from(pageTestimonials)
        .where(and(eq(pageTestimonials.pageId, page.id), eq(pageTestimonials.status, 1)))
        .orderBy(asc(pageTestimonials.sortOrder), asc(pageTestimonials.id)),
    ]);
    const publicRow = ({ status: _, createdAt: __, updatedAt: ___, pageId: ____, ...row }: Row) => snakeRow(row);
    return {
      page: { title: page.title, slug: page.slug, body: page.body, updated_at: page.updatedAt },
      sections: sections.map(publicRow),
      testimonials: testimonials.map(publicRow),
    };
  });

  /** The storefront's customer testimonials. */
  app.get('/_public/comments', async (request) => {
    const rows = await request.server.db
      .select({
        id: comments.id,
        name: comments.name,
        location: comments.location,
        text: comments.text,
        rating: comments.rating,
        image: comments.image,
      })
      .from(comments)
      .where(eq(comments.status, 1))
      .orderBy(asc(comments.sortOrder), asc(comments.id))
      .limit(50);
    return { comments: rows };
  });
}

// biome-ignore lint/suspicious/noExplicitAny: any child resource of a page.
type PageChild = ReturnType<typeof createResource<any>>;

/**
 * A page's sections or testimonials at `/api/admin/pages/{slug}/…`, as the admin screens reach
 * them by the page's slug. Reading needs page.view; changing them is changing the page.
 */
function registerPageChildren(app: FastifyInstance, resource: PageChild, table: typeof pageSections | typeof pageTestimonials) {
  const base = resource.definition.path;
  const label = resource.definition.label;
  type WithSlug = { Params: { slug: string } };
  type WithSlugId = { Params: { slug: string; id: string } };

  async function pageOf(db: Db, slug: string) {
    const [page] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug));
    if (!page) throw notFound('The page');
    return page.id;
  }
  async function childOf(request: FastifyRequest<WithSlugId>) {
    const { db } = request.server;
    const pageId = await pageOf(db, request.params.slug);
    const id = pathId(request.params.id, `The ${label}`);
    const row = await resource.find(requestCtx(request), id);
    if (row.pageId !== pageId) throw notFound(`The ${label}`);
    return { pageId, id, row };
  }
  /** The paginator's links name this path, not the machinery's filter. */
  const fixLinks = (value: unknown, slug: string): unknown => {
    if (typeof value === 'string') {
      return value
        .replace(':slug', encodeURIComponent(slug))
        .replace(/filter%5Bpage_id%5D=\d+&?/, '')
        .replace(/[?&]$/, '');
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'data' ? inner : fixLinks(inner, slug)]));
    }
    return value;
  };

  app.get<WithSlug>(base, { preHandler: requireAdmin('page.view') }, async (request) => {
    const pageId = await pageOf(request.server.db, request.params.slug);
    const query = { ...(request.query as Row), 'filter[page_id]': String(pageId) };
    return fixLinks(await resource.list(requestCtx(request), query), request.params.slug);
  });
  app.get<WithSlugId>(`${base}/:id`, { preHandler: requireAdmin('page.view') }, async (request) => {
    const { row } = await childOf(request);
    return { data: snakeRow(row) };
  });
  app.post<WithSlug>(base, { preHandler: requireAdmin('page.update') }, async (request, reply) => {
    const pageId = await pageOf(request.server.db, request.params.slug);
    const data = await resource.save(requestCtx(request), { ...(request.body as Row), page_id: pageId }, null);
    return reply.status(201).send({ data, message: `The ${label} was created.` });
  });
  app.put<WithSlugId>(`${base}/:id`, { preHandler: requireAdmin('page.update') }, async (request) => {
    const { pageId, id } = await childOf(request);
    const data = await resource.save(requestCtx(request), { ...(request.body as Row), page_id: pageId }, id);
    return { data, message: `The ${label} was saved.` };
  });
  app.delete<WithSlugId>(`${base}/:id`, { preHandler: requireAdmin('page.update') }, async (request) => {
    const { id } = await childOf(request);
    await resource.remove(requestCtx(request), id);
    return { message: `The ${label} was deleted.` };
  });
  const bulkInput = z.object({
    action: z.enum(['publish', 'unpublish', 'delete']),
    ids: idList.min(1, 'Select at least one row').max(1000),
  });
  app.post<WithSlug>(`${base}/bulk`, { preHandler: requireAdmin('page.update') }, async (request) => {
    const ctx = requestCtx(request);
    const pageId = await pageOf(ctx.db, request.params.slug);
    const input = bulkInput.parse(request.body);
    const mine = await ctx.db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.pageId, pageId), inArray(table.id, input.ids)));
    const ids = mine.map((row) => row.id);
    if (ids.length) {
      await resource.bulk(ctx, input.action, ids, async ({ db, now }) => {
        if (input.action === 'delete') await db.delete(table).where(inArray(table.id, ids));
        else {
          await db
            .update(table)
            .set({ status: input.action === 'publish' ? 1 : 0, updatedAt: now })
            .where(inArray(table.id, ids));
        }
        return ids;
      });
    }
    const refused = input.ids.filter((id) => !ids.includes(id)).map((id) => ({ id, message: `The ${label} was not found.` }));
    return { done: ids, refused, message: `${ids.length} changed${refused.length ? `, ${refused.length} refused` : ''}.` };
  });
}
