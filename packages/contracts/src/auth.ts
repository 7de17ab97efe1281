import { z } from 'zod';

/** Bangladeshi mobile numbers: 01 followed by an operator digit 3–9 and eight more digits. */
export const BD_PHONE = /^01[3-9]\d{8}$/;

export const phoneSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\+?88/, '').replace(/[\s-]/g, ''))
  .pipe(z.string().regex(BD_PHONE, 'Enter a mobile number like 01712345678'));

export const passwordSchema = z.string().min(8, 'Use at least 8 characters').max(200, 'Use at most 200 characters');

export const adminLoginSchema = z.object({
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  password: z.string().min(1, 'Enter your password').max(200),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

/** Resellers, merchants and shoppers sign in with a phone number or an email address. */
export const loginSchema = z.object({
  login: z.string().trim().min(1, 'Enter your phone number or email').max(200),
  password: z.string().min(1, 'Enter your password').max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const adminProfileSchema = z.object({
  name: z.string().trim().min(2, 'Enter a name of at least 2 letters').max(120),
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  phone: z.union([z.literal(''), phoneSchema]).optional(),
});
export type AdminProfileInput = z.infer<typeof adminProfileSchema>;
