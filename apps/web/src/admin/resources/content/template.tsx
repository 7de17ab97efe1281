import {
  TEMPLATE_EVENT_NAMES,
  TEMPLATE_EVENTS,
  TEMPLATE_KIND_LABELS,
  TEMPLATE_KINDS,
  type TemplateKind,
  templateDescriptor,
} from '@haat/contracts';
import { phrase } from '../../../lib/phrases';
import { statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource, type SharedField } from '../types';
import { dateColumn, richText } from './fields';

export const kindOptions = TEMPLATE_KINDS.map((value) => ({ value, label: TEMPLATE_KIND_LABELS[value] }));

/** The events a template of this kind may stand for. */
export const eventOptions = (kind: TemplateKind | null) =>
  TEMPLATE_EVENT_NAMES.filter((event) => !kind || TEMPLATE_EVENTS[event].kind === kind).map((value) => ({
    value,
    label: TEMPLATE_EVENTS[value].label,
  }));

/** The form's fields for a kind: SMS is plain text, invoices and e-mails are rich text, only e-mails have a subject. */
export function templateFields(kind: TemplateKind | null): SharedField<'name' | 'kind' | 'event' | 'status' | 'subject' | 'body'>[] {
  return [
    { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
    { name: 'kind', label: 'Kind', kind: 'select', options: kindOptions, required: true, half: true },
    {
      name: 'event',
      label: 'Sent for',
      kind: 'select',
      options: eventOptions(kind),
      half: true,
      description: 'The moment the shop sends it by itself; empty for a template used by hand.',
    },
    statusField,
    ...(kind === 'email' ? [{ name: 'subject' as const, label: 'Subject', kind: 'text' as const, required: true }] : []),
    kind === 'sms'
      ? {
          name: 'body' as const,
          label: 'Message',
          kind: 'textarea' as const,
          required: true,
          description: 'Bengali SMS fit 70 characters each, English 160.',
        }
      : { ...richText('body', kind === 'invoice' ? 'Invoice layout' : 'Message'), required: true },
  ];
}

/** Invoice, SMS and e-mail templates; the add and edit screen (with its preview) is screens/content/TemplateForm. */
export default defineResource(templateDescriptor, {
  list: {
    columns: [
      { key: 'name', label: 'Name', sort: 'name', link: true },
      { key: 'kind', label: 'Kind', sort: 'kind', render: (row) => phrase(TEMPLATE_KIND_LABELS[row.kind as TemplateKind]) },
      { key: 'event_label', label: 'Sent for', render: (row) => (row.event_label ? phrase(String(row.event_label)) : '—') },
      dateColumn('updated_at', 'Changed', 'updated_at'),
      statusColumn,
    ],
    filters: [{ name: 'kind', label: 'Kind', options: kindOptions }, statusFilter],
    defaultSort: 'kind',
    bulk: ['publish', 'unpublish', 'delete'],
    export: false,
    empty: 'No templates yet.',
  },
  form: { fields: templateFields(null) },
});
