import { z } from 'zod';
import { passwordSchema, phoneSchema } from './auth';
import { resetCodeVerifyInput } from './reseller-portal';

/**
 * A shopper's own account beyond sign-up and profile (issue 17): a password reset by SMS code, with
 * the reseller's rules (RESET_CODE), and cancelling their own pending order.
 */

/** `POST /_public/password/forgot`: a code goes by SMS to the phone if it is a shopper's. */
export const customerPasswordForgotInput = z.object({ phone: phoneSchema });
export type CustomerPasswordForgotInput = z.input<typeof customerPasswordForgotInput>;

/** `POST /_public/password/reset`: the code from the SMS and the new password, twice, in one step. */
export const customerPasswordResetInput = z
  .object({
    phone: phoneSchema,
    code: resetCodeVerifyInput.shape.code,
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type CustomerPasswordResetInput = z.input<typeof customerPasswordResetInput>;

/** `POST /_public/account/orders/{number}/cancel`: why the shopper no longer wants it. */
export const customerOrderCancelInput = z.object({
  reason: z
    .string({ error: 'Say why you are cancelling' })
    .trim()
    .min(3, 'Say why you are cancelling')
    .max(300, 'Use at most 300 characters'),
});
export type CustomerOrderCancelInput = z.input<typeof customerOrderCancelInput>;

/** The note a shopper's cancellation writes on the order's timeline, which staff read. */
export const CUSTOMER_CANCEL_NOTE = 'Cancelled by the customer: ';
