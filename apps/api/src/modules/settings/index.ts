/** Settings other modules read: readSetting for anything, readSecretSetting when a key or password is needed. */
export {
  publicSiteInfo,
  readSecretSetting,
  readSetting,
  SETTING_GROUPS,
  type SettingGroup,
  type SettingsContext,
  writeSetting,
} from './setting.service';
export { settings } from './setting.table';
