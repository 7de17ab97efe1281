import {
  fillPlaceholders,
  smsParts,
  TEMPLATE_PLACEHOLDERS,
  type TemplateEvent,
  type TemplateKind,
  type TemplatePlaceholder,
  type TemplatePreview,
} from '@haat/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sanitizeRichText } from '../../lib/rich-text';
import { templates } from './template.table';

/** Invoices and e-mails are HTML: their text is the editor's safe subset. SMS is plain text. */
export function cleanTemplateBody(kind: TemplateKind, body: string): string {
  return kind === 'sms' ? body.replace(/\r\n/g, '\n').trim() : sanitizeRichText(body);
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An order line as the {{items}} table shows it. */
export interface TemplateItem {
  name: string;
  quantity: number;
  /** Already formatted, e.g. ৳1,150. */
  price: string;
  total: string;
}

export type TemplateValues = Partial<Record<Exclude<TemplatePlaceholder, 'items'>, string>> & { items?: TemplateItem[] };

/** The {{items}} table: built here from escaped values, so it is safe after the body was sanitised. */
function itemsTable(items: TemplateItem[]): string {
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}</td><td style="text-align:right">${item.quantity}</td><td style="text-align:right">${escapeHtml(item.price)}</td><td style="text-align:right">${escapeHtml(item.total)}</td></tr>`,
    )
    .join('');
  return `<table class="items"><thead><tr><th>Item</th><th>Qty</th><th>Price</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A template's subject and body with its placeholders filled; values are escaped for HTML kinds. */
export function renderTemplateText(kind: TemplateKind, text: { subject: string; body: string }, values: TemplateValues) {
  const html = kind !== 'sms';
  const { items, ...rest } = values;
  const plain = rest as Record<string, string>;
  const body = fillPlaceholders(text.body, plain, html ? escapeHtml : undefined);
  const withItems = items
    ? body.replace(/\{\{\s*items\s*\}\}/g, html ? itemsTable(items) : items.map((item) => `${item.quantity} × ${item.name}`).join(', '))
    : body;
  return { subject: fillPlaceholders(text.subject, plain), body: withItems };
}

/** The sample values of the preview. */
export function sampleValues(): TemplateValues {
  const values: TemplateValues = {};
  for (const [name, placeholder] of Object.entries(TEMPLATE_PLACEHOLDERS)) {
    if (name !== 'items') (values as Record<string, string>)[name] = placeholder.sample;
  }
  values.items = [
    { name: 'Cotton three-piece (Size M, Maroon)', quantity: 1, price: '৳1,650', total: '৳1,650' },
    { name: 'Hijab pin set', quantity: 2, price: '৳350', total: '৳700' },
  ];
  return values;
}

/** What the template screen's preview shows: the text as typed (cleaned as it would be saved) with sample values. */
export function previewTemplate(kind: TemplateKind, subject: string, body: string, values = sampleValues()): TemplatePreview {
  const rendered = renderTemplateText(kind, { subject, body: cleanTemplateBody(kind, body) }, values);
  return { ...rendered, sms: kind === 'sms' ? smsParts(rendered.body) : null };
}

/** The text the shop sends for an event: what renderActiveTemplate fills in. */
export type ActiveTemplate = Pick<typeof templates.$inferSelect, 'kind' | 'subject' | 'body'>;

/**
 * The active template the shop sends for an event; null when there is none (the caller then sends
 * its own plain text or nothing). Read it once for a batch and fill it per order with renderActiveTemplate.
 */
export async function activeTemplate(db: Db, event: TemplateEvent): Promise<ActiveTemplate | null> {
  const [template] = await db
    .select({ kind: templates.kind, subject: templates.subject, body: templates.body })
    .from(templates)
    .where(and(eq(templates.event, event), eq(templates.status, 1)))
    .limit(1);
  return template ?? null;
}

/** An active template filled in with one set of values. */
export function renderActiveTemplate(template: ActiveTemplate, values: TemplateValues) {
  return { kind: template.kind, ...renderTemplateText(template.kind, template, values) };
}

/** The active template the shop sends for an event, filled in; null when there is none. */
export async function renderTemplate(db: Db, event: TemplateEvent, values: TemplateValues) {
  const template = await activeTemplate(db, event);
  return template ? renderActiveTemplate(template, values) : null;
}
