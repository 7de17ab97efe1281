import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getShopTimeZone } from './shop-time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);
// Locales that write their own digits (Bengali: ১২ নভেম্বর ২০২৬) do it in their postformat, which only runs with this plugin.
dayjs.extend(preParsePostFormat);

// Every dayjs locale, each its own small chunk fetched only when chosen (seed §1: dates in many languages).
const locales = import.meta.glob<{ default: ILocale }>('../../../../node_modules/dayjs/esm/locale/*.js');

export const DATE_LOCALES: string[] = Object.keys(locales)
  .map((path) => path.replace(/^.*\/(.+)\.js$/, '$1'))
  .sort();

export { setShopTimeZone } from './shop-time-zone';

const DATE_LOCALE_KEY = 'haat_date_locale';

/** A date language chosen on its own wins over the interface language. */
export function chosenDateLocale(): string | null {
  return localStorage.getItem(DATE_LOCALE_KEY);
}

export async function chooseDateLocale(code: string | null): Promise<void> {
  if (code) localStorage.setItem(DATE_LOCALE_KEY, code);
  else localStorage.removeItem(DATE_LOCALE_KEY);
  await setDateLocale(code ?? document.documentElement.lang ?? 'en', true);
}

export async function setDateLocale(requested: string, explicit = false): Promise<void> {
  const code = explicit ? requested : (chosenDateLocale() ?? requested);
  const loader = locales[`../../../../node_modules/dayjs/esm/locale/${code}.js`];
  if (!loader) return;
  const module = await loader();
  dayjs.locale(code === 'bn' ? withBengaliTimes(module.default) : module.default, undefined, true);
  dayjs.locale(code);
}

/**
 * dayjs's Bengali has no time-of-day words (it writes "AM 12:29 সময়"): times read as a Bengali speaker says them,
 * "রাত ১২:২৯", "বিকাল ৪:০৫".
 */
function withBengaliTimes(locale: ILocale): ILocale {
  const meridiem = (hour: number) =>
    hour < 4 ? 'রাত' : hour < 6 ? 'ভোর' : hour < 12 ? 'সকাল' : hour < 15 ? 'দুপুর' : hour < 18 ? 'বিকাল' : hour < 20 ? 'সন্ধ্যা' : 'রাত';
  return {
    ...locale,
    meridiem,
    formats: { ...locale.formats, LT: 'A h:mm', LTS: 'A h:mm:ss', LLL: 'D MMMM YYYY, A h:mm', LLLL: 'dddd, D MMMM YYYY, A h:mm' },
  } as ILocale;
}

/** A stored UTC time shown in the shop's time zone and the chosen locale. */
export function formatDate(value: string | Date, format = 'LL'): string {
  return dayjs(value).tz(getShopTimeZone()).format(format);
}

export function formatDateTime(value: string | Date): string {
  return formatDate(value, 'LLL');
}

export { dayjs };

const WALL_TIME = 'YYYY-MM-DD HH:mm:ss';

/** An instant as the shop's wall-clock time (`YYYY-MM-DD HH:mm:ss`), which date pickers edit. */
export function toShopWallTime(value: string | null | undefined): string | null {
  return value ? dayjs(value).tz(getShopTimeZone()).format(WALL_TIME) : null;
}

/** A wall-clock time picked in the shop's time zone → an instant with its offset (2025-03-01T10:00:00+06:00). */
export function fromShopWallTime(value: string | null | undefined): string | null {
  return value ? dayjs.tz(value, getShopTimeZone()).format() : null;
}

/** Today in the shop's time zone, `YYYY-MM-DD`, moved by `days`. */
export function shopDay(days = 0): string {
  return dayjs().tz(getShopTimeZone()).add(days, 'day').format('YYYY-MM-DD');
}
