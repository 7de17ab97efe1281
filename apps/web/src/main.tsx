import './ui/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ensureCsrfToken } from './lib/csrf';
import { setupI18n } from './lib/i18n';
import { queryClient } from './lib/query';

/** The back office and the portals; every other address is the storefront's. */
const OTHER_AREAS = /^\/(admin|backend|dropshipper|merchant)(\/|$)/;

// The back office and the portals (index.html). Mantine is not loaded here: they load it in their own
// frame (ui/MantineFrame.tsx). In production the server sends storefront addresses shop.html, the
// storefront's own build (storefront/main.tsx, vite.shop.config.ts); Vite's dev server sends every
// address this page, so there the storefront's route table is loaded from here.
const storefrontHere = import.meta.env.DEV && !OTHER_AREAS.test(window.location.pathname);

async function start() {
  const [{ router }] = await Promise.all([
    storefrontHere ? import('./storefront/router') : import('./router'),
    setupI18n(),
    ensureCsrfToken(),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
