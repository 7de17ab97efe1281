import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

// Every dayjs locale, each its own small chunk fetched only when chosen (seed §1: dates in many languages).
const locales = import.meta.glob<{ default: ILocale }>('../../../../node_modules/dayjs/esm/locale/*.js');

export const DATE_LOCALES: string[] = Object.keys(locales)
  .map((path) => path.replace(/^.*\/(.+)\.js$/, '$1'))
  .sort();

let shopTimeZone = 'Asia/Dhaka';

export function setShopTimeZone(zone: string): void {
  shopTimeZone = zone;
}

export async function setDateLocale(code: string): Promise<void> {
  const loader = locales[`../../../../node_modules/dayjs/esm/locale/${code}.js`];
  if (!loader) return;
  const module = await loader();
  dayjs.locale(module.default, undefined, true);
  dayjs.locale(code);
}

/** A stored UTC time shown in the shop's time zone and the chosen locale. */
export function formatDate(value: string | Date, format = 'LL'): string {
  return dayjs(value).tz(shopTimeZone).format(format);
}

export function formatDateTime(value: string | Date): string {
  return formatDate(value, 'LLL');
}

export { dayjs };
