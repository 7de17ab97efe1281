import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import { baseConfig } from './vite.base.ts';

/** The route chunks each kind of storefront page starts with (early-boot.js picks them by the address). */
const PAGE_CHUNKS = {
  // The router on every page; the shop's own layout outside a reseller's shop.
  every: [/src\/storefront\/router\.tsx$/],
  layout: [/src\/storefront\/StoreLayout\.tsx$/],
  home: [/src\/storefront\/pages\/Home\.tsx$/],
  listing: [/src\/storefront\/pages\/Listing\.tsx$/],
  product: [/src\/storefront\/pages\/Product\.tsx$/],
  cart: [/src\/storefront\/pages\/Cart\.tsx$/],
  checkout: [/src\/storefront\/pages\/Checkout\.tsx$/],
  landing: [/src\/storefront\/pages\/Landing\.tsx$/],
  shop: [/src\/storefront\/reseller\/ShopLayout\.tsx$/],
  shopProducts: [/src\/storefront\/reseller\/ShopProducts\.tsx$/],
  shopProduct: [/src\/storefront\/reseller\/ShopProduct\.tsx$/],
} satisfies Record<string, RegExp[]>;

/** A build file with its own `//` comment lines taken out, for inlining. */
const inlineSource = (file: string) =>
  fs
    .readFileSync(path.join(import.meta.dirname, file), 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');

/**
 * Makes shop.html a page that paints without waiting for any other file (docs/decisions/022):
 * 1. The storefront's stylesheet (ui/global.css and storefront/store.css, a few kilobytes gzipped) goes inline
 *    in a `<style>`: no render-blocking request, and the server's drawing of the page's top (the API's
 *    storefront/first-paint.ts) uses the same classes as the app.
 * 2. src/lib/early-boot.js goes inline with the chunks of each kind of page named in it: it starts the page's
 *    first calls at once, and names the page's code for start-app.js.
 * 3. src/lib/start-app.js replaces the entry's module script (and its modulepreload links): once the page is
 *    parsed and its server-drawn pictures are painted, it asks for the entry, what the entry imports and the
 *    page's chunks all at once, then runs the entry. The pictures have the network to themselves until then.
 */
function storefrontShell(): Plugin {
  return {
    name: 'haat-storefront-shell',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        let page = html;
        // 1. Styles inline. They must all be the entry's: no page's code waits for a stylesheet to download.
        const inlined = new Set<string>();
        for (const link of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)) {
          const file = link[1] ?? '';
          const asset = bundle[file];
          if (asset?.type !== 'asset') continue;
          const css = String(asset.source).replaceAll('</style', '<\\/style');
          // The `disabled` link is never fetched: it tells Vite's loader of lazy chunks (which waits for a chunk's
          // stylesheets, by href) that this one is in the page already.
          page = page.replace(link[0], `<style>${css}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`);
          inlined.add(file);
        }
        const apart = Object.keys(bundle).filter((file) => file.endsWith('.css') && !inlined.has(file));
        if (apart.length) {
          throw new Error(`storefront styles outside its entry (${apart.join(', ')}): import them from src/storefront/main.tsx`);
        }
        // 2. The app's entry and what it imports at once: out of the page, started by start-app.js.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
        if (!entry?.[1]) throw new Error('shop.html has no module script for the storefront entry');
        const entryFiles = [entry[1]];
        for (const link of page.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)) {
          entryFiles.push(link[1] ?? '');
          page = page.replace(link[0], '');
        }
        // 3. The chunks of each kind of page, with what they import, less what the entry brings.
        const filesOf = (pages: RegExp[]) => {
          const files = new Set<string>();
          const visit = (fileName: string) => {
            const chunk = bundle[fileName];
            if (chunk?.type !== 'chunk' || files.has(fileName)) return;
            files.add(fileName);
            for (const imported of chunk.imports) visit(imported);
          };
          for (const chunk of Object.values(bundle)) {
            // A module of a page may sit in a shared chunk (the `storefront` group below): look at every module.
            if (chunk.type === 'chunk' && pages.some((each) => chunk.moduleIds.some((id) => each.test(id)))) visit(chunk.fileName);
          }
          return [...files].map((file) => `/${file}`).filter((file) => !entryFiles.includes(file));
        };
        const every = filesOf(PAGE_CHUNKS.every);
        const chunks = Object.fromEntries(
          Object.entries(PAGE_CHUNKS).map(([name, pages]) => [
            name,
            name === 'every' ? every : filesOf(pages).filter((file) => !every.includes(file)),
          ]),
        );
        const boot = inlineSource('src/lib/early-boot.js').replace("'__STOREFRONT_FILES__'", JSON.stringify(chunks));
        const starter = inlineSource('src/lib/start-app.js')
          .replace("'__APP_ENTRY__'", JSON.stringify(entry[1]))
          .replace("'__APP_FILES__'", JSON.stringify(entryFiles));
        return page
          .replace(/<!-- haat:early-boot[^>]*-->/, `<script>\n${boot}</script>`)
          .replace(entry[0], `<script>\n${starter}</script>`);
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
      plugins: [storefrontShell()],
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
