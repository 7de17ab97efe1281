import '../lib/zod-without-eval';
import '../ui/global.css';
// Every storefront stylesheet belongs to the entry, so the build puts them all inline in shop.html
// (vite.shop.config.ts): the first paint waits for no stylesheet, and no page's code waits for one either.
import './store.css';
import '../ui/toast/toast.css';
import { mountApp } from '../lib/mount-app';

// The storefront's entry (shop.html, built by vite.shop.config.ts on Preact's compatibility layer): every
// address outside the back office and the portals.
// The server drew the page's top already: the Bengali web font comes in only where it does not move it (ui/bengali-font.ts).
void mountApp(() => import('./router'), { fontDisplay: 'optional' });
