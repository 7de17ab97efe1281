import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Courier webhooks, the status mapping and its review queue (decision 058). */
export const courierWebhookRoutes: RouteObject[] = [
  {
    path: 'courier/review',
    lazy: lazyRoute('courier-review', () => import('./CourierReviewQueue')),
    handle: handle('Courier statuses to review'),
  },
  {
    path: 'courier/webhooks',
    lazy: lazyRoute('courier-webhooks', () => import('./CourierWebhookHistory')),
    handle: handle('Courier webhooks'),
  },
];
