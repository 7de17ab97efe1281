import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/**
 * The marketing screens beyond the registry's lists and forms, at seed §2.4's paths under /admin:
 * a campaign's pictures, the home campaign slider and the SMS campaign.
 */
export const marketingRoutes: RouteObject[] = [
  {
    path: 'campaign/manage/image/:id',
    lazy: lazyRoute('campaign-images', () => import('./CampaignImages')),
    handle: handle('Campaign pictures'),
  },
  { path: 'campaign/slider', lazy: lazyRoute('campaign-slider', () => import('./CampaignSlider')), handle: handle('Campaign slider') },
  { path: 'sms/campaign', lazy: lazyRoute('sms-campaign', () => import('./SmsCampaign')), handle: handle('SMS campaign') },
];
