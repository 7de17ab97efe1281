/**
 * The shop's time zone (general settings), kept apart from dates.ts so reading the site info does
 * not pull dayjs into pages that show no dates.
 */
let shopTimeZone = 'Asia/Dhaka';

export function setShopTimeZone(zone: string): void {
  shopTimeZone = zone;
}

export function getShopTimeZone(): string {
  return shopTimeZone;
}
