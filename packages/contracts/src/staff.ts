import { z } from 'zod';
import { passwordSchema, phoneSchema } from './auth';
import { idList, nameField, statusField } from './fields';
import { isPermission } from './permissions';

const permissionList = z
  .array(z.string())
  .max(500)
  .default([])
  .refine((values) => values.every(isPermission), 'Choose permissions from the list')
  .transform((values) => [...new Set(values)].sort());

export const roleInput = z.object({
  name: nameField('role name', 60),
  description: z.string().trim().max(300).default(''),
  permissions: permissionList,
});
export type RoleInput = z.input<typeof roleInput>;

const adminFields = {
  name: nameField(),
  email: z.email('Enter a valid email address').trim().toLowerCase(),
  phone: z
    .union([z.literal(''), phoneSchema])
    .default('')
    .transform((value) => value || null),
  status: statusField,
  is_super: z.boolean().default(false),
  role_ids: idList.max(50).default([]),
  permissions: permissionList,
};

/**
 * An admin as the back office edits them. A new admin needs a password (the server says so on the
 * field); on an edit, an empty password leaves it unchanged.
 */
export const adminInput = z
  .object({
    ...adminFields,
    password: z.union([z.literal(''), passwordSchema]).default(''),
    password_confirmation: z.string().default(''),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
export type AdminInput = z.input<typeof adminInput>;

export const assignRolesInput = z.object({ role_ids: adminFields.role_ids });
export const assignPermissionsInput = z.object({ permissions: permissionList });

/** `/admin/admin/password/reset/{id}`: a super admin sets another admin's password. */
export const passwordResetInput = z
  .object({ password: passwordSchema, password_confirmation: z.string() })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The two passwords do not match',
  });
