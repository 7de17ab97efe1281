import '../ui/global.css';
import { mountApp } from '../lib/mount-app';

// The storefront's entry (shop.html, built by vite.shop.config.ts on Preact's compatibility layer): every
// address outside the back office and the portals.
void mountApp(() => import('./router'));
