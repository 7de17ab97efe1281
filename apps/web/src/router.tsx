import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app-routes';
import { registerPhrasebooks } from './lib/phrases';

// The back office's and the portals' Bengali words (the storefront's are its own, storefront/router.tsx).
registerPhrasebooks(import.meta.glob(['./{admin,reseller,merchant,ui,lib}/**/*phrases.bn.ts']));

/** The back office's and the portals' router (the storefront has its own, storefront/router.tsx). */
export const router = createBrowserRouter(appRoutes);
