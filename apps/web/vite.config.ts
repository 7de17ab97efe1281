import { defineConfig, mergeConfig } from 'vite';
import { baseConfig } from './vite.base.ts';

const api = 'http://127.0.0.1:3000';

/**
 * The back office and the portals (index.html → src/main.tsx), React and Mantine. The storefront is built on
 * its own by vite.shop.config.ts (shop.html); the server sends each area its page. `vite` (dev) serves every
 * area from index.html.
 */
export default defineConfig(
  mergeConfig(baseConfig(), {
    build: { manifest: true },
    server: {
      // `npm run dev -w @haat/web` serves the pages with hot reload and sends the calls to the API.
      proxy: Object.fromEntries(['/api', '/_public', '/check', '/logout', '/storage', '/public/storage'].map((path) => [path, api])),
    },
  }),
);
