import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app-routes';
import { registerPhrasebooks } from './lib/phrases';
// The server's messages in toasts, templates included ("The category was saved."), from the first toast on.
import './lib/translate-message';

// The back office's and the portals' Bengali words (the storefront's are its own, storefront/router.tsx).
registerPhrasebooks(import.meta.glob(['./{admin,reseller,merchant,ui,lib}/**/*phrases.bn.ts']));

/** The back office's and the portals' router (the storefront has its own, storefront/router.tsx). */
export const router = createBrowserRouter(appRoutes);
