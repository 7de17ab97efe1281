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

// Mantine is not loaded here: the back office and the portals load it in their own frame
// (ui/MantineFrame.tsx); the storefront is plain React and small CSS. The storefront's pages start
// with their own route table (storefront/router.tsx), without the admin screens' (router.tsx).
async function start() {
  const [{ router }] = await Promise.all([
    OTHER_AREAS.test(window.location.pathname) ? import('./router') : import('./storefront/router'),
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
