import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../lib/lazy';
import type { RouteHandle } from '../../ui/Title';

const handle = (title: string): RouteHandle => ({ title });

/** Fabric purchases, the fabric stock and issues to factories (issue 18 item 3) at seed §2.4's paths under /admin. */
export const fabricRoutes: RouteObject[] = [
  {
    path: 'addPurchase/fabrics',
    lazy: lazyRoute('fabric-purchase-form', () => import('./FabricPurchaseForm')),
    handle: handle('Add fabric purchase'),
  },
  { path: 'purchase/manage/fabrics', lazy: lazyRoute('fabric-manage', () => import('./FabricManage')), handle: handle('Fabric purchases') },
];
