import '../ui/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ensureCsrfToken } from '../lib/csrf';
import { setupI18n } from '../lib/i18n';
import { queryClient } from '../lib/query';

/**
 * The storefront's entry (shop.html, built by vite.shop.config.ts on Preact's compatibility layer): every
 * address outside the back office and the portals. Its route table (router.tsx) loads beside the
 * translations and the CSRF token.
 */
async function start() {
  const [{ router }] = await Promise.all([import('./router'), setupI18n(), ensureCsrfToken()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from shop.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
