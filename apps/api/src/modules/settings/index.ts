/** Settings other modules read: readSetting for anything, readSecretSetting when a key or password is needed. */
export {
  cacheSettingsBy,
  checkoutPaymentMethods,
  checkoutPaymentOptions,
  publicSiteInfo,
  readSecretSetting,
  readSetting,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingsConfig,
  type SettingsContext,
  secretsIn,
  writeSetting,
} from './setting.service';
export { lockSettingRow, mergeIntoSettingRow, readSettingRow } from './setting-row.service';
