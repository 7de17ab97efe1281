import './lib/zod-without-eval';
import './ui/global.css';
import { mountApp } from './lib/mount-app';

/** The back office and the portals; every other address is the storefront's. */
const OTHER_AREAS = /^\/(admin|backend|dropshipper|merchant)(\/|$)/;

// The back office and the portals (index.html). Mantine is not loaded here: they load it in their own
// frame (ui/MantineFrame.tsx). In production the server sends storefront addresses shop.html, the
// storefront's own build (storefront/main.tsx, vite.shop.config.ts); Vite's dev server sends every
// address this page, so there the storefront's route table is loaded from here.
const storefrontHere = import.meta.env.DEV && !OTHER_AREAS.test(window.location.pathname);

void mountApp(() => (storefrontHere ? import('./storefront/router') : import('./router')), {
  fontDisplay: storefrontHere ? 'optional' : 'swap',
});
