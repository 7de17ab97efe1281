import { z } from 'zod';
import { idField, idSchema, MAX_INT } from './fields';
import type { Paginator } from './pagination';

/**
 * Stock and create analysis (issue 18 item 6, `/admin/stock/and/create/analysis`): per variant the
 * units sold in the last 7, 30 and 90 days (lines of orders that were not cancelled), the days of
 * stock left at the current rate of sale, the stock's value at cost, dead stock, and reorder
 * suggestions by supplier that become a draft purchase (docs/decisions/035).
 */

export const STOCK_ANALYSIS_SORTS = [
  'name',
  'sku',
  'stock',
  'sold_7',
  'sold_30',
  'sold_90',
  'cover_days',
  'stock_value',
  'last_sold_at',
] as const;
export type StockAnalysisSort = (typeof STOCK_ANALYSIS_SORTS)[number];

/** The cover below which a variant is "low" and is suggested for reorder, by default. */
export const DEFAULT_LOW_COVER_DAYS = 14;
/** How many days of sales a reorder should cover, by default. */
export const DEFAULT_REORDER_COVER_DAYS = 30;

const flag = z.enum(['1', '0', 'true', 'false']).transform((value) => value === '1' || value === 'true');

export const stockAnalysisQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  sort: z
    .string()
    .refine((value) => (STOCK_ANALYSIS_SORTS as readonly string[]).includes(value.replace(/^-/, '')), {
      message: `Sort by one of: ${STOCK_ANALYSIS_SORTS.join(', ')}`,
    })
    .default('cover_days'),
  q: z
    .string()
    .trim()
    .max(100, 'Use at most 100 characters')
    .refine((text) => !text.includes('\u0000'), 'Remove the NUL character from the search.')
    .default(''),
  category_id: idSchema.optional(),
  supplier_id: idSchema.optional(),
  /** Only variants whose stock lasts fewer than `low_cover_days` at the current rate. */
  low_cover: flag.optional(),
  /** Only dead stock: in stock, nothing sold in 90 days. */
  dead: flag.optional(),
  low_cover_days: z.coerce
    .number()
    .int('Use whole days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .default(DEFAULT_LOW_COVER_DAYS),
});
export type StockAnalysisQuery = z.input<typeof stockAnalysisQuery>;

export type StockAnalysisRow = {
  variant_id: number;
  product_id: number;
  name: string;
  variant: string;
  sku: string;
  category_name: string | null;
  stock: number;
  sold_7: number;
  sold_30: number;
  sold_90: number;
  /** Units a day, from the last 30 days (the last 90 when nothing sold in 30). */
  daily_rate: number;
  /** Days the stock lasts at that rate; null when nothing sold in 90 days (never runs out). */
  cover_days: number | null;
  unit_cost: number;
  stock_value: number;
  last_sold_at: string | null;
  dead: boolean;
  low_cover: boolean;
  supplier_id: number | null;
  supplier_name: string | null;
};

export interface StockAnalysisPage extends Paginator<StockAnalysisRow> {
  totals: {
    variants: number;
    units_in_stock: number;
    stock_value: number;
    dead_variants: number;
    dead_stock_value: number;
    low_cover_variants: number;
  };
  /** The moment "the last 7 days" ends at. */
  as_of: string;
}

export const reorderSuggestionQuery = z.object({
  /** Suggest for variants whose stock lasts fewer days than this. */
  low_cover_days: z.coerce
    .number()
    .int('Use whole days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .default(DEFAULT_LOW_COVER_DAYS),
  /** Order enough to cover this many days of sales. */
  cover_days: z.coerce
    .number()
    .int('Use whole days')
    .min(1, 'At least 1 day')
    .max(365, 'At most 365 days')
    .default(DEFAULT_REORDER_COVER_DAYS),
  category_id: idSchema.optional(),
  supplier_id: idSchema.optional(),
});
export type ReorderSuggestionQuery = z.input<typeof reorderSuggestionQuery>;

export type ReorderLine = {
  variant_id: number;
  product_id: number;
  name: string;
  variant: string;
  sku: string;
  stock: number;
  sold_30: number;
  daily_rate: number;
  cover_days: number | null;
  suggested_quantity: number;
  unit_cost: number;
};

export type ReorderGroup = {
  /** null: never bought from a supplier yet (choose one to make a draft). */
  supplier_id: number | null;
  supplier_name: string | null;
  lines: ReorderLine[];
  total_cost: number;
};

export type ReorderSuggestions = { cover_days: number; low_cover_days: number; groups: ReorderGroup[]; as_of: string };

/** `POST /api/admin/stock-analysis/reorder`: one supplier's suggestion, as edited, made a draft purchase. */
export const reorderDraftInput = z.object({
  supplier_id: idField('supplier'),
  lines: z
    .array(
      z.object({
        variant_id: idField('variant'),
        quantity: z.coerce
          .number({ error: 'Enter the quantity' })
          .int('Use a whole number')
          .min(1, 'Order at least 1')
          .max(1_000_000, 'The quantity is too large'),
        unit_cost: z.coerce
          .number({ error: 'Enter the unit cost' })
          .int('Use whole paisa')
          .min(0, 'Cannot be negative')
          .max(MAX_INT, 'The unit cost is too large'),
      }),
      { error: 'Send the lines' },
    )
    .min(1, 'Choose at least one line')
    .max(500, 'At most 500 lines in one purchase'),
  note: z.string().trim().max(500, 'Use at most 500 characters').default(''),
});
export type ReorderDraftInput = z.input<typeof reorderDraftInput>;
