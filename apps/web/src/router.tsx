import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app-routes';
import { enStaff } from './i18n/en-staff';
import { registerKeyedMessages } from './lib/i18n';
import { registerPhrasebooks } from './lib/phrases';
// The server's messages in toasts, templates included ("The category was saved."), from the first toast on.
import './lib/translate-message';

// The back office's and the portals' Bengali words (the storefront's are its own, storefront/router.tsx).
registerPhrasebooks(import.meta.glob(['./{admin,reseller,merchant,ui,lib}/**/*phrases.bn.ts']));
// Their keyed messages (admin.*, orders.*, couriers.*, reports.*): not in the storefront's download.
registerKeyedMessages(enStaff, { bn: () => import('./i18n/bn-staff').then((module) => module.bnStaff) });

/** The back office's and the portals' router (the storefront has its own, storefront/router.tsx). */
export const router = createBrowserRouter(appRoutes);
