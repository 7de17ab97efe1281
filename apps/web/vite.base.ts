import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/** The libraries and helpers every page runs first, in one file: fewer requests, better compression. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|preact|react-router|i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]|vite[\\/]preload-helper|src[\\/]lib[\\/](api|csrf|query|session|site|image|shop-time-zone|phrases)\.ts$|contracts[\\/]src[\\/](money|session|errors)\.ts$/;

/**
 * What the two builds share (vite.config.ts: the back office and the portals; vite.shop.config.ts: the
 * storefront): React's JSX, the browsers they target, and the `framework` chunk.
 */
export function baseConfig(extraGroups: { name: string; test: RegExp; priority: number }[] = []): UserConfig {
  return {
    plugins: [react()],
    build: {
      target: 'es2022',
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // A group takes only the modules it names, not what they import (zod stays with the forms).
            includeDependenciesRecursively: false,
            groups: [{ name: 'framework', test: FRAMEWORK, priority: 20 }, ...extraGroups],
          },
        },
      },
    },
  };
}
