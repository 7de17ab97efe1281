import {
  COURIER_STATUS_MAP,
  type CourierOutcome,
  type CourierProviderCode,
  type CourierStatusOverrides,
  courierOutcome,
  normalCourierStatus,
  type OrderStatusCode,
} from '@haat/contracts';

export { normalCourierStatus };

/** The order status an outcome moves a shipped order to; null when it stays shipped or waits for a person. */
export function orderStatusOfOutcome(outcome: CourierOutcome): Extract<OrderStatusCode, 5 | 6> | null {
  if (outcome === 'delivered') return 5;
  if (outcome === 'returned') return 6;
  return null;
}

/**
 * The order status a shipped order moves to for a courier's status (PRODUCT.md §7, decision 058):
 * delivered → 5, cancelled or returned → 6; anything else (in review, pending, hold, partly
 * delivered) keeps it shipped. With a provider, that courier's table and the shop's overrides
 * decide; without one, a status any courier's table settles the same way.
 */
export function orderStatusForCourier(
  courierStatus: string,
  provider?: CourierProviderCode,
  overrides: CourierStatusOverrides = {},
): Extract<OrderStatusCode, 5 | 6> | null {
  if (provider) return orderStatusOfOutcome(courierOutcome(provider, courierStatus, overrides));
  const status = normalCourierStatus(courierStatus);
  const outcomes = new Set(
    Object.values(COURIER_STATUS_MAP)
      .flat()
      .filter((entry) => entry.status === status)
      .map((entry) => entry.outcome),
  );
  return outcomes.size === 1 ? orderStatusOfOutcome([...outcomes][0] as CourierOutcome) : null;
}
