import { createBrowserRouter } from 'react-router';
import { appRoutes } from './app-routes';

/** The back office's and the portals' router (the storefront has its own, storefront/router.tsx). */
export const router = createBrowserRouter(appRoutes);
