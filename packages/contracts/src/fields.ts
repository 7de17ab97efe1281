import { z } from 'zod';

/** Building blocks of the entity contracts, so every form and route checks a field the same way. */

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** "an" before a word starting with a vowel ("an area", "a city"); the messages are written out whole, so each is one phrase to translate. */
const takesAn = (word: string) => /^[aeiou]/i.test(word);

export const nameField = (label = 'name', max = 120) =>
  z
    .string({ error: takesAn(label) ? `Enter an ${label}` : `Enter a ${label}` })
    .trim()
    .min(2, `The ${label} must have at least 2 characters`)
    .max(max, `The ${label} must have at most ${max} characters`);

/** A record's name in Bengali, shown instead of the English one on Bengali pages; empty means none. */
export const bengaliNameField = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, `The Bengali name must have at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** Empty means "make one from the name". */
export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(140, 'Use at most 140 characters')
  .refine((value) => value === '' || SLUG.test(value), 'Use lower-case letters, digits and dashes, like summer-kurti')
  .default('');

/** A path below the storage folder, as returned by the upload endpoint. */
export const imagePath = z
  .string()
  .trim()
  .max(300)
  .refine((value) => !value.includes('..') && !value.startsWith('/'), 'Upload the image again')
  .nullable()
  .default(null);

/** An image the record cannot do without. */
export const requiredImagePath = z
  .string({ error: 'Upload an image' })
  .trim()
  .min(1, 'Upload an image')
  .max(300)
  .refine((value) => !value.includes('..') && !value.startsWith('/'), 'Upload the image again');

export const sortOrderField = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  // Written out: the type's own message ('Enter a whole number') would otherwise answer -1 too.
  .min(0, 'Enter 0 or more')
  .max(1_000_000, 'Enter 10,00,000 or less')
  .default(0);

/** 1 is active/published, 0 hidden (seed §9: published product status 1). */
export const statusField = z.coerce.number().int().min(0).max(1).default(1);

/** The largest value an `integer` (int4) column holds: every id column, and counts kept as integers. */
export const MAX_INT = 2_147_483_647;

/**
 * THE id of a record, wherever a request sends one (path, query, body, a bulk action's `ids`, a
 * filter), as 12 or "12": a whole number from 1 to 2147483647, the range of the id columns. Every id
 * is checked with this (or idField, which only words the message), so none reaches the database
 * out of range (docs/decisions/025-input-checked-at-the-edge.md).
 */
export const idSchema = z.coerce
  .number({ error: 'Use an id: a whole number from 1' })
  .int('Use an id: a whole number from 1')
  .min(1, 'Use an id: a whole number from 1')
  .max(MAX_INT, 'There is no record with this id');

/** An id a form chooses ("Choose a brand", "Choose an area"). */
export const idField = (label: string) => {
  const message = takesAn(label) ? `Choose an ${label}` : `Choose a ${label}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_INT, message);
};

/** Ids as a list (`ids` of a bulk action), each an idSchema. */
export const idList = z.array(idSchema, { error: 'Send a list of ids' });

/** Ids as `1,2,3` in a query (a filter), each an idSchema. */
export const idListParam = z.preprocess((value) => String(value).split(','), idList);

export const optionalId = z.preprocess((value) => (value === '' || value === undefined ? null : value), idSchema.nullable());

/** A count or quantity kept in an `integer` column: a whole number from 0 to 2147483647. */
export const intField = (label = 'number') =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`Enter the ${label} as a whole number`)
    .min(0, `The ${label} cannot be negative`)
    .max(MAX_INT, `The ${label} is too large`);

/**
 * For a refinement that runs even when other fields failed (`{ when: hasFields }`), so every mistake
 * is named at once: only on an object, since a body of `null`, a list or a number has no fields.
 */
export const hasFields = (payload: { value: unknown }): boolean =>
  typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

/** Money in paisa, as whole numbers. */
export const moneyField = (label = 'amount') =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} must be in whole paisa`)
    .min(0, `The ${label} cannot be negative`)
    .max(100_000_000_00, `The ${label} is too large`);

export const linkField = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || value.startsWith('/') || /^https?:\/\//.test(value), 'Use a link starting with / or https://')
  .default('');

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/**
 * Reversing a posted money event (a repayment, a payment, a recorded bill): why, for the audit log and
 * the reversing entry's memo (decision 048: posted entries are never edited, only reversed).
 */
export const reversalInput = z.object({
  reason: z
    .string({ error: 'Say why it is reversed' })
    .trim()
    .min(3, 'Say why it is reversed')
    .max(300, 'Use at most 300 characters for the reason'),
});
export type ReversalInput = z.input<typeof reversalInput>;

/** What a reversed money event shows beside itself (null while it stands). */
export type ReversalView = {
  reversed_at: string | null;
  reversal_reason: string | null;
  reversed_by: string | null;
};
