import '@mantine/core/styles.css';
import './ui/global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ensureCsrfToken } from './lib/csrf';
import { setupI18n } from './lib/i18n';
import { queryClient } from './lib/query';
import { router } from './router';
import { theme } from './ui/theme';

async function start() {
  await Promise.all([setupI18n(), ensureCsrfToken()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}

void start();
