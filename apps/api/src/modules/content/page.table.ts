import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

/** A content page of the storefront (about us, terms, privacy…), its body sanitised rich text. */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    body: text('body').notNull().default(''),
    showInFooter: boolean('show_in_footer').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('pages_slug_unique').on(table.slug), index('pages_footer_idx').on(table.showInFooter, table.sortOrder)],
);

/** A section of a page (the seed's "page description"). */
export const pageSections = pgTable(
  'page_sections',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('page_sections_page_idx').on(table.pageId, table.sortOrder)],
);

/** A testimonial shown on a page (the seed's "page review"). */
export const pageTestimonials = pgTable(
  'page_testimonials',
  {
    id: serial('id').primaryKey(),
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    designation: text('designation').notNull().default(''),
    text: text('text').notNull(),
    rating: smallint('rating').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('page_testimonials_page_idx').on(table.pageId, table.sortOrder)],
);
