import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A built page's head as the web app ships it (apps/web/index.html and shop.html), for the page tests. */
export const PAGE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="csrf-token" content="__CSRF_TOKEN__" />
    <meta name="description" content="Shop online with cash on delivery across Bangladesh." />
    <title>Haat</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/**
 * A web build in a temporary folder (WEB_DIST) with `files` in it — by default the page template as
 * index.html — and a way to remove it.
 */
export function makeWebDist(files: Record<string, string> = { 'index.html': PAGE_TEMPLATE }): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-web-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
