import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ensureCsrfToken } from './csrf';
import { phrasesReady, setupI18n } from './i18n';
import { queryClient } from './query';

type AppRouter = Parameters<typeof RouterProvider>[0]['router'];

/**
 * Starts an app in `#root`: its route table loads beside the translations and the CSRF token, then renders
 * under the one query client. The back office's entry (main.tsx) and the storefront's
 * (storefront/main.tsx) each pass their own route table.
 */
export async function mountApp(
  loadRouter: () => Promise<{ router: AppRouter }>,
  options: { fontDisplay?: FontDisplay } = {},
): Promise<void> {
  const [{ router }] = await Promise.all([loadRouter(), setupI18n(options), ensureCsrfToken()]);
  // The route table registers its area's phrasebooks; in Bengali they are fetched before the first render.
  await phrasesReady();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
