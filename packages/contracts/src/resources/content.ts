import { z } from 'zod';
import {
  CONTACT_MESSAGE_STATUSES,
  type ContactMessageStatus,
  commentInput,
  contactMessageInput,
  factoryInput,
  PRODUCT_REVIEW_STATUSES,
  type ProductReviewStatus,
  pageInput,
  pageSectionInput,
  pageTestimonialInput,
  productReviewInput,
  TEMPLATE_KINDS,
  type TemplateKind,
  templateInput,
} from '../content';
import { idField } from '../fields';
import { defineResourceDescriptor, idFilter, idListFilter, managedBy, ratingFilter, statusFilter, viewOf, yesNoFilter } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type PageView = Stamped & {
  title: string;
  slug: string;
  show_in_footer: boolean;
  sort_order: number;
  status: number;
  sections_count: number;
  testimonials_count: number;
};

export const pageDescriptor = defineResourceDescriptor({
  name: 'page',
  label: 'page',
  title: 'Pages',
  path: '/api/admin/pages',
  permission: 'page',
  input: pageInput,
  view: viewOf<PageView>(),
  sort: ['id', 'title', 'sort_order', 'updated_at'],
  defaultSort: 'sort_order',
  filters: {
    status: statusFilter,
    show_in_footer: yesNoFilter,
    /** The sections and testimonials screens find their page by its slug. */
    slug: z.string().trim().max(140),
  },
});

/** A page's sections and testimonials are reached by the page's slug (`/api/admin/pages/{slug}/sections`). */
const onPage = { page_id: idField('page') };

export type PageSectionView = Stamped & {
  page_id: number;
  title: string;
  body: string;
  image: string | null;
  sort_order: number;
  status: number;
};

export const pageSectionDescriptor = defineResourceDescriptor({
  name: 'page-section',
  label: 'section',
  title: 'Sections',
  path: '/api/admin/pages/:slug/sections',
  permission: 'page',
  input: pageSectionInput.extend(onPage),
  view: viewOf<PageSectionView>(),
  sort: ['id', 'title', 'sort_order'],
  defaultSort: 'sort_order',
  filters: { page_id: idFilter, status: statusFilter },
});

export type PageTestimonialView = Stamped & {
  page_id: number;
  name: string;
  designation: string;
  text: string;
  rating: number;
  image: string | null;
  sort_order: number;
  status: number;
};

export const pageTestimonialDescriptor = defineResourceDescriptor({
  name: 'page-testimonial',
  label: 'testimonial',
  title: 'Testimonials',
  path: '/api/admin/pages/:slug/testimonials',
  permission: 'page',
  input: pageTestimonialInput.extend(onPage),
  view: viewOf<PageTestimonialView>(),
  sort: ['id', 'name', 'rating', 'sort_order'],
  defaultSort: 'sort_order',
  filters: { page_id: idFilter, status: statusFilter },
});

export type CommentView = Stamped & {
  name: string;
  location: string;
  text: string;
  rating: number;
  image: string | null;
  sort_order: number;
  status: number;
};

export const commentDescriptor = defineResourceDescriptor({
  name: 'comment',
  label: 'comment',
  title: 'Comments',
  path: '/api/admin/comments',
  permission: 'comment',
  input: commentInput,
  view: viewOf<CommentView>(),
  sort: ['id', 'name', 'rating', 'sort_order', 'created_at'],
  defaultSort: 'sort_order',
  filters: { status: statusFilter, rating: ratingFilter },
});

export type FactoryView = Stamped & {
  name: string;
  contact_person: string;
  phone: string;
  address: string;
  notes: string;
  status: number;
};

export const factoryDescriptor = defineResourceDescriptor({
  name: 'factory',
  label: 'factory',
  title: 'Factories',
  path: '/api/admin/factories',
  permission: 'factory',
  input: factoryInput,
  view: viewOf<FactoryView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
});

export type TemplateView = Stamped & {
  name: string;
  kind: TemplateKind;
  event: string | null;
  event_label: string | null;
  subject: string;
  body: string;
  status: number;
};

export const templateDescriptor = defineResourceDescriptor({
  name: 'template',
  label: 'template',
  title: 'Templates',
  path: '/api/admin/templates',
  permission: 'template',
  input: templateInput,
  view: viewOf<TemplateView>(),
  sort: ['id', 'name', 'kind', 'updated_at'],
  defaultSort: 'kind',
  filters: { kind: z.enum(TEMPLATE_KINDS), status: statusFilter },
});

export type ProductReviewView = Stamped & {
  product_id: number;
  product_name: string | null;
  customer_name: string;
  rating: number;
  text: string;
  answer: string;
  status: ProductReviewStatus;
};

export const productReviewDescriptor = defineResourceDescriptor({
  name: 'product-review',
  label: 'review',
  title: 'Product reviews',
  path: '/api/admin/product-reviews',
  permission: 'review',
  permissions: managedBy('review.moderate'),
  input: productReviewInput,
  view: viewOf<ProductReviewView>(),
  sort: ['id', 'rating', 'created_at'],
  defaultSort: '-created_at',
  filters: { status: z.enum(PRODUCT_REVIEW_STATUSES), rating: ratingFilter, product_id: idListFilter },
});

export type ContactMessageView = Stamped & {
  name: string;
  phone: string;
  email: string;
  message: string;
  excerpt: string;
  status: ContactMessageStatus;
};

export const contactMessageDescriptor = defineResourceDescriptor({
  name: 'contact-message',
  label: 'contact message',
  title: 'Contact messages',
  path: '/api/admin/contact-messages',
  permission: 'contact.message',
  permissions: managedBy('contact.message.manage'),
  input: contactMessageInput,
  view: viewOf<ContactMessageView>(),
  sort: ['id', 'name', 'created_at'],
  defaultSort: '-created_at',
  filters: {
    status: z.enum(CONTACT_MESSAGE_STATUSES),
    /** The inbox: everything not archived. */
    box: z.enum(['inbox', 'archived']),
  },
});
