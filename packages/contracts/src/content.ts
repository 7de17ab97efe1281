import { z } from 'zod';
import { phoneSchema } from './auth';
import { idField, imagePath, nameField, slugField, sortOrderField, statusField } from './fields';

/** Rich text from the editor; the server keeps only a safe subset of tags. */
const richText = (label: string, max = 100_000) =>
  z
    .string()
    .max(max, `The ${label} is too long`)
    .nullish()
    .transform((value) => value ?? '');

const rating = z.coerce
  .number({ error: 'Choose a rating from 1 to 5' })
  .int('Choose a rating from 1 to 5')
  .min(1, 'Choose a rating from 1 to 5')
  .max(5, 'Choose a rating from 1 to 5');

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

const optionalPhone = z.preprocess((value) => (value === null || value === undefined ? '' : value), z.union([z.literal(''), phoneSchema]));

/** Slugs the admin routes use as words (`/admin/review/add/{slug}`). */
const RESERVED_PAGE_SLUGS = new Set(['add', 'edit']);

/** A content page of the storefront (about, terms, privacy…), at `/page/{slug}`. */
export const pageInput = z.object({
  title: nameField('title', 150),
  slug: slugField.refine((value) => !RESERVED_PAGE_SLUGS.has(value), 'Choose another slug: this word is taken by the admin screens'),
  body: richText('page'),
  show_in_footer: z.boolean().default(false),
  sort_order: sortOrderField,
  status: statusField,
});
export type PageInput = z.input<typeof pageInput>;

/** A section of a page ("description"), found by the page's slug. */
export const pageSectionInput = z.object({
  title: nameField('title', 150),
  body: richText('section', 50_000),
  image: imagePath,
  sort_order: sortOrderField,
  status: statusField,
});
export type PageSectionInput = z.input<typeof pageSectionInput>;

/** A testimonial shown on a page ("review"), found by the page's slug. */
export const pageTestimonialInput = z.object({
  name: nameField('name', 80),
  designation: optionalText(120),
  text: z.string().trim().min(5, 'Write at least 5 characters').max(1000, 'Use at most 1000 characters'),
  rating,
  image: imagePath,
  sort_order: sortOrderField,
  status: statusField,
});
export type PageTestimonialInput = z.input<typeof pageTestimonialInput>;

/** A customer testimonial on the storefront's home page. */
export const commentInput = z.object({
  name: nameField('name', 80),
  location: optionalText(120),
  text: z.string().trim().min(5, 'Write at least 5 characters').max(1000, 'Use at most 1000 characters'),
  rating,
  image: imagePath,
  sort_order: sortOrderField,
  status: statusField,
});
export type CommentInput = z.input<typeof commentInput>;

export const PRODUCT_REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ProductReviewStatus = (typeof PRODUCT_REVIEW_STATUSES)[number];
export const PRODUCT_REVIEW_STATUS_LABELS: Record<ProductReviewStatus, string> = {
  pending: 'Waiting',
  approved: 'Approved',
  hidden: 'Hidden',
};

/** A review as the back office writes it: one taken by phone, or a customer's being moderated. */
export const productReviewInput = z.object({
  product_id: idField('product'),
  customer_name: nameField('name', 80),
  rating,
  text: z.string().trim().min(3, 'Write at least 3 characters').max(2000, 'Use at most 2000 characters'),
  status: z.enum(PRODUCT_REVIEW_STATUSES, { error: 'Choose a status' }).default('pending'),
  answer: optionalText(2000),
});
export type ProductReviewInput = z.input<typeof productReviewInput>;

/** A shopper's own review (storefront, signed in). */
export const customerProductReviewInput = z.object({
  product_id: idField('product'),
  rating,
  text: z.string().trim().min(3, 'Write at least 3 characters').max(2000, 'Use at most 2000 characters'),
});
export type CustomerProductReviewInput = z.input<typeof customerProductReviewInput>;

export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_STATUS_LABELS: Record<ContactMessageStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
  archived: 'Archived',
};

/** The storefront's contact form (`POST /_public/contact`); a phone number or an email is needed to answer. */
export const contactMessageInput = z
  .object({
    name: nameField('name', 80),
    phone: optionalPhone,
    email: z.preprocess(
      (value) => (value === null || value === undefined ? '' : value),
      z.union([z.literal(''), z.email('Enter a valid email address').trim().toLowerCase().max(200)]),
    ),
    message: z.string().trim().min(10, 'Write at least 10 characters').max(3000, 'Use at most 3000 characters'),
  })
  .refine((value) => value.phone !== '' || value.email !== '', {
    message: 'Give a phone number or an email address so the shop can answer',
    path: ['phone'],
  });
export type ContactMessageInput = z.input<typeof contactMessageInput>;

export const CONTACT_REPLY_CHANNELS = ['sms', 'email'] as const;
export const contactReplyInput = z.object({
  channel: z.enum(CONTACT_REPLY_CHANNELS, { error: 'Choose SMS or email' }),
  message: z.string().trim().min(2, 'Write the reply').max(1000, 'Use at most 1000 characters'),
});
export type ContactReplyInput = z.input<typeof contactReplyInput>;

export const factoryInput = z.object({
  name: nameField('name', 120),
  contact_person: optionalText(120),
  phone: optionalPhone,
  address: optionalText(500),
  notes: optionalText(2000),
  status: statusField,
});
export type FactoryInput = z.input<typeof factoryInput>;

// ---------------------------------------------------------------------------------------------
// Templates: invoice, SMS and e-mail texts with {{placeholders}}.

export const TEMPLATE_KINDS = ['invoice', 'sms', 'email'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const TEMPLATE_KIND_LABELS: Record<TemplateKind, string> = { invoice: 'Invoice', sms: 'SMS', email: 'E-mail' };

/** Every placeholder, what it means, and the sample value the preview fills in. */
export const TEMPLATE_PLACEHOLDERS = {
  shop_name: { label: 'Shop name', sample: 'Haat Bazar' },
  shop_phone: { label: 'Shop phone', sample: '09610-000111' },
  shop_address: { label: 'Shop address', sample: 'House 12, Road 5, Dhanmondi, Dhaka 1205' },
  customer_name: { label: 'Customer name', sample: 'Ayesha Siddiqua' },
  customer_phone: { label: 'Customer phone', sample: '01712345678' },
  customer_address: { label: 'Delivery address', sample: 'Flat 4B, House 7, Road 2, Mirpur 10, Dhaka' },
  order_number: { label: 'Order number', sample: 'HB-10245' },
  order_date: { label: 'Order date', sample: '12 March 2026' },
  order_status: { label: 'Order status', sample: 'Confirmed' },
  items: { label: 'Ordered items (a table)', sample: '' },
  subtotal: { label: 'Items total', sample: '৳2,350' },
  delivery_charge: { label: 'Delivery charge', sample: '৳70' },
  discount: { label: 'Discount', sample: '৳100' },
  total: { label: 'Order total', sample: '৳2,320' },
  advance_paid: { label: 'Advance paid', sample: '৳0' },
  due_amount: { label: 'Amount to collect', sample: '৳2,320' },
  payment_method: { label: 'Payment method', sample: 'Cash on delivery' },
  courier_name: { label: 'Courier', sample: 'Steadfast' },
  tracking_code: { label: 'Tracking code', sample: 'SFX7H2K9Q' },
  notes: { label: 'Order notes', sample: 'Please call before delivery' },
  code: { label: 'One-time code', sample: '482913' },
  reply: { label: 'Reply text', sample: 'Thank you, your size has been exchanged.' },
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;

const ORDER_BASICS: TemplatePlaceholder[] = [
  'shop_name',
  'shop_phone',
  'customer_name',
  'customer_phone',
  'order_number',
  'order_date',
  'order_status',
  'delivery_charge',
  'total',
  'due_amount',
  'courier_name',
  'tracking_code',
];

/** The placeholders each kind accepts; anything else in a template is refused. */
export const TEMPLATE_PLACEHOLDERS_BY_KIND: Record<TemplateKind, readonly TemplatePlaceholder[]> = {
  sms: [...ORDER_BASICS, 'code', 'reply'],
  email: [
    ...ORDER_BASICS,
    'shop_address',
    'customer_address',
    'items',
    'subtotal',
    'discount',
    'advance_paid',
    'payment_method',
    'notes',
    'code',
    'reply',
  ],
  invoice: [
    ...ORDER_BASICS,
    'shop_address',
    'customer_address',
    'items',
    'subtotal',
    'discount',
    'advance_paid',
    'payment_method',
    'notes',
  ],
};

/** The moments the shop sends a template by itself; a template may stand for one. */
export const TEMPLATE_EVENTS = {
  order_placed: { label: 'Order placed', kind: 'sms' },
  order_confirmed: { label: 'Order confirmed', kind: 'sms' },
  order_shipped: { label: 'Order shipped', kind: 'sms' },
  order_delivered: { label: 'Order delivered', kind: 'sms' },
  password_reset_code: { label: 'Password reset code', kind: 'sms' },
  contact_reply_sms: { label: 'Reply to a contact message (SMS)', kind: 'sms' },
  order_confirmation_email: { label: 'Order confirmation e-mail', kind: 'email' },
  contact_reply_email: { label: 'Reply to a contact message (e-mail)', kind: 'email' },
  order_invoice: { label: 'Order invoice', kind: 'invoice' },
} as const satisfies Record<string, { label: string; kind: TemplateKind }>;
export type TemplateEvent = keyof typeof TEMPLATE_EVENTS;
export const TEMPLATE_EVENT_NAMES = Object.keys(TEMPLATE_EVENTS) as [TemplateEvent, ...TemplateEvent[]];

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}

/** `{{name}}` → its value; `encode` runs over each value (HTML escaping for invoices and e-mails). */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<string, string>>,
  encode: (value: string) => string = (value) => value,
) {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encode(value);
  });
}

/**
 * SMS length, roughly as gateways bill it: plain Latin text fits 160 characters (153 per part when
 * split), anything else (Bengali) 70 (67 per part).
 */
export function smsParts(text: string): { characters: number; parts: number; unicode: boolean } {
  const unicode = !/^[\n\r\u0020-\u007e£¥èéùìòÇØøÅå_ÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]*$/.test(text);
  const characters = [...text].length;
  const single = unicode ? 70 : 160;
  const part = unicode ? 67 : 153;
  return { characters, unicode, parts: characters === 0 ? 0 : characters <= single ? 1 : Math.ceil(characters / part) };
}

export const templateInput = z
  .object({
    name: nameField('name', 120),
    kind: z.enum(TEMPLATE_KINDS, { error: 'Choose invoice, SMS or e-mail' }),
    event: z.preprocess((value) => (value === '' || value === undefined ? null : value), z.enum(TEMPLATE_EVENT_NAMES).nullable()),
    subject: optionalText(200),
    body: z.string({ error: 'Write the template' }).max(50_000, 'The template is too long'),
    status: statusField,
  })
  .superRefine((value, context) => {
    if (value.body.replace(/<[^>]*>/g, '').trim() === '') {
      context.addIssue({ code: 'custom', path: ['body'], message: 'Write the template' });
    }
    if (value.kind === 'sms' && value.body.length > 1000) {
      context.addIssue({ code: 'custom', path: ['body'], message: 'Keep an SMS under 1000 characters' });
    }
    if (value.kind === 'email' && value.subject === '') {
      context.addIssue({ code: 'custom', path: ['subject'], message: 'An e-mail needs a subject' });
    }
    const accepted = new Set<string>(TEMPLATE_PLACEHOLDERS_BY_KIND[value.kind]);
    for (const [field, text] of [
      ['body', value.body],
      ['subject', value.subject],
    ] as const) {
      const unknown = placeholdersIn(text).filter((name) => !accepted.has(name));
      if (unknown.length) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `${unknown.map((name) => `{{${name}}}`).join(', ')} cannot be used in ${TEMPLATE_KIND_LABELS[value.kind]} templates`,
        });
      }
    }
    if (value.event && TEMPLATE_EVENTS[value.event].kind !== value.kind) {
      context.addIssue({
        code: 'custom',
        path: ['event'],
        message: `"${TEMPLATE_EVENTS[value.event].label}" sends ${TEMPLATE_KIND_LABELS[TEMPLATE_EVENTS[value.event].kind]} templates`,
      });
    }
  });
export type TemplateInput = z.input<typeof templateInput>;

/** `POST /api/admin/templates/preview`: a template as typed, filled with the sample values. */
export const templatePreviewInput = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  subject: optionalText(200),
  body: z.string().max(50_000),
});
export interface TemplatePreview {
  subject: string;
  body: string;
  /** For SMS: its length and how many messages it is billed as. */
  sms: { characters: number; parts: number; unicode: boolean } | null;
}
