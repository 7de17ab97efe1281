import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import { baseConfig } from './vite.base.ts';

/**
 * Puts src/lib/early-boot.js inline in index.html, with the storefront's own code and styles named in
 * it (its router and layout on every storefront page, the home page's chunks on the home page): it
 * preloads them so they download beside the app's entry instead of after it has run. The back office
 * never fetches them.
 */
function storefrontPreload(): Plugin {
  // Every storefront page starts with its router and layout; the home page with its own page too.
  const everyPage = [/src\/storefront\/router\.tsx$/, /src\/storefront\/StoreLayout\.tsx$/];
  const homePage = [/src\/storefront\/pages\/Home\.tsx$/];
  return {
    name: 'haat-storefront-preload',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        /** The chunks of these pages with everything they import, less what index.html (or `skip`) loads anyway. */
        const filesOf = (pages: RegExp[], skip: string[] = []) => {
          const files = new Set<string>();
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
          return [...files].map((file) => `/${file}`).filter((file) => !html.includes(file) && !skip.includes(file));
        };
        const everywhere = filesOf(everyPage);
        const listed = filesOf(homePage, everywhere);
        const boot = fs
          .readFileSync(path.join(import.meta.dirname, 'src/lib/early-boot.js'), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*\/\//.test(line))
          .join('\n')
          .replace("'__STOREFRONT_FILES__'", JSON.stringify(everywhere))
          .replace("'__STOREFRONT_HOME_FILES__'", JSON.stringify(listed));
        const withBoot = html.replace(/<!-- haat:early-boot[^>]*-->/, `<script>\n${boot}</script>`);
        // The app's entry starts once the page is parsed and, on the home page, once the server's drawing of its
        // header and first slide (#boot, the API's storefront/first-paint.ts) is on screen: the phone paints the
        // shop's picture before it spends its time on the app's code. The entry still downloads at once (modulepreload).
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(withBoot);
        if (!entry) return withBoot;
        const starter = fs
          .readFileSync(path.join(import.meta.dirname, 'src/lib/start-app.js'), 'utf8')
          .split('\n')
          .filter((line) => !/^\s*\/\//.test(line))
          .join('\n')
          .replace("'__APP_ENTRY__'", JSON.stringify(entry[1]));
        // The app's code downloads at low priority: the page's stylesheet and the first slide's picture come first.
        return withBoot
          .replace(
            entry[0],
            `${withBoot.includes(`modulepreload" crossorigin href="${entry[1]}"`) ? '' : `<link rel="modulepreload" crossorigin href="${entry[1]}">\n    `}<script>\n${starter}</script>`,
          )
          .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
      },
    },
  };
}

/** React's names, answered by Preact's compatibility layer in the storefront build (docs/decisions/015). */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * The storefront: shop.html → src/storefront/main.tsx, written against React's API and built on Preact's
 * compatibility layer, so a phone downloads a few kilobytes of renderer instead of React DOM's seventy
 * (docs/decisions/015). Built after vite.config.ts, into the same dist/ (it keeps that build's files).
 */
export default defineConfig(
  mergeConfig(
    baseConfig([
      // The storefront's frame and what its home page shows, in one file (its other pages load on their own).
      {
        name: 'storefront',
        test: /src[\\/](storefront[\\/](StoreLayout|SearchBox|Slider|ProductCard|Banners|Loading|MarketingTags|api|money|icons|pictures|session|store-theme|category-paths)\.tsx?)$/,
        priority: 10,
      },
    ]),
    {
      plugins: [storefrontPreload()],
      resolve: { alias: preactAliases, dedupe: ['preact'] },
      build: {
        emptyOutDir: false,
        rolldownOptions: {
          input: path.join(import.meta.dirname, 'shop.html'),
          // React Router reads React's `useOptimistic`, which Preact does not have, and falls back when it is missing.
          checks: { importIsUndefined: false },
        },
      },
    },
  ),
);
