import {
  DEFAULT_GENERAL_SETTING,
  DEFAULT_SITE_CONFIGURATION,
  type GeneralSetting,
  generalSettingSchema,
  type SiteConfiguration,
  siteConfigurationSchema,
} from '@haat/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { settings } from './setting.table';

interface SettingGroup<T> {
  key: string;
  schema: z.ZodType<T>;
  defaults: T;
}

export const SETTING_GROUPS = {
  general: { key: 'general', schema: generalSettingSchema, defaults: DEFAULT_GENERAL_SETTING } as SettingGroup<GeneralSetting>,
  configuration: {
    key: 'configuration',
    schema: siteConfigurationSchema,
    defaults: DEFAULT_SITE_CONFIGURATION,
  } as SettingGroup<SiteConfiguration>,
};

/** A stored group merged over its defaults, so a field added later has a value at once. */
export async function readSetting<T>(db: Db, group: SettingGroup<T>): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, group.key));
  const parsed = group.schema.safeParse({ ...(group.defaults as object), ...((row?.value as object) ?? {}) });
  return parsed.success ? parsed.data : group.defaults;
}

export async function writeSetting<T>(db: Db, group: SettingGroup<T>, value: T, adminId: number | null): Promise<T> {
  const valid = group.schema.parse(value);
  await db
    .insert(settings)
    .values({ key: group.key, value: valid, updatedBy: adminId })
    .onConflictDoUpdate({ target: settings.key, set: { value: valid, updatedBy: adminId, updatedAt: new Date() } });
  return valid;
}
