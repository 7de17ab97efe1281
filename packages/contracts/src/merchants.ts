import { z } from 'zod';
import { passwordSchema, phoneSchema } from './auth';
import { nameField, statusField } from './fields';

/**
 * A merchant as the back office manages them (PRODUCT.md §5). A new merchant needs a password;
 * on an edit an empty one keeps it.
 */
export const merchantInput = z
  .object({
    name: nameField(),
    phone: phoneSchema,
    email: z
      .union([z.literal(''), z.email('Enter a valid email address')])
      .default('')
      .transform((value) => value.trim().toLowerCase() || null),
    company_name: z.string().trim().max(160).default(''),
    /** 1 active, 0 suspended: a suspended merchant cannot sign in. */
    status: statusField,
    password: z.union([z.literal(''), passwordSchema]).default(''),
    password_confirmation: z.string().default(''),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type MerchantInput = z.input<typeof merchantInput>;
