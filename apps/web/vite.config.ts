import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = 'http://127.0.0.1:3000';

/**
 * Puts src/lib/early-boot.js inline in index.html, with the storefront home's own code and styles
 * (its layout and page chunks, loaded on demand) named in it: it preloads them on the home page only,
 * so they download beside the app's entry instead of after it has run. The back office never fetches them.
 */
function storefrontPreload(): Plugin {
  const pages = [/src\/storefront\/StoreLayout\.tsx$/, /src\/storefront\/pages\/Home\.tsx$/];
  return {
    name: 'haat-storefront-preload',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = new Set<string>();
        const bundle = context.bundle ?? {};
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || files.has(fileName)) return;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId && pages.some((page) => page.test(chunk.facadeModuleId ?? '')))
            visit(chunk.fileName);
        }
        // What index.html loads anyway is not repeated.
        const listed = [...files].filter((file) => !html.includes(file)).map((file) => `/${file}`);
        const boot = fs
          .readFileSync(path.join(import.meta.dirname, 'src/lib/early-boot.js'), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*\/\//.test(line))
          .join('\n')
          .replace("'__STOREFRONT_HOME_FILES__'", JSON.stringify(listed));
        return html.replace(/<!-- haat:early-boot[^>]*-->/, `<script>\n${boot}</script>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), storefrontPreload()],
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes only the modules it names, not what they import (zod stays with the forms).
          includeDependenciesRecursively: false,
          groups: [
            // What every page of every area runs first, in one file: fewer requests, better compression.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]|vite[\\/]preload-helper|src[\\/]lib[\\/](api|csrf|query|session|site|image|shop-time-zone)\.ts$|contracts[\\/]src[\\/](money|session|errors)\.ts$/,
              priority: 20,
            },
            // The storefront's frame and what its home page shows, in one file (its other pages load on their own).
            {
              name: 'storefront',
              test: /src[\\/](storefront[\\/](StoreLayout|SearchBox|Slider|ProductCard|Banners|Loading|MarketingTags|api|money|icons|pictures|session|store-theme|category-paths)\.tsx?)$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w @haat/web` serves the pages with hot reload and sends the calls to the API.
    proxy: Object.fromEntries(['/api', '/_public', '/check', '/logout', '/storage', '/public/storage'].map((path) => [path, api])),
  },
});
