import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Security headers of every answer (docs/decisions/027-security-headers-and-csp.md). Every answer — JSON,
 * images under /storage/, built files — may not be framed or sniffed and sends no more than its origin as the
 * referrer; HTTPS-only shops (COOKIE_SECURE=1) add HSTS. Anything but a page also gets a policy that allows
 * nothing, so an uploaded file opened by itself can run nothing. Pages get `pagePolicy`.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  };
  // Two years, the sub-domains too (a reseller's own host name is not a sub-domain of the shop's).
  if (app.config.cookieSecure) common['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(common);
    done();
  });
}

/** The sha256 source expression of every inline script of a built page (its `<script>` blocks without `src`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // Data blocks (JSON-LD and the like) are not run, so a policy does not need them.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** Hosts a storefront page may load scripts from, talk to and frame, for each marketing tag the shop has set up. */
export interface TagHosts {
  script: string[];
  connect: string[];
  frame: string[];
}

/** Google's tag (gtag.js) for Analytics (G-…) and Ads (AW-…), as Google's CSP guide lists them. */
export const GOOGLE_TAG_HOSTS: TagHosts = {
  script: [
    'https://*.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://www.google.com',
    'https://googleads.g.doubleclick.net',
  ],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
    'https://www.googleadservices.com',
    'https://googleads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://www.google.com',
  ],
  frame: ['https://td.doubleclick.net', 'https://www.googletagmanager.com'],
};
export const FACEBOOK_PIXEL_HOSTS: TagHosts = {
  script: ['https://connect.facebook.net'],
  connect: ['https://www.facebook.com', 'https://connect.facebook.net'],
  frame: [],
};

/**
 * A page's Content-Security-Policy. Scripts: the app's own files and the page's inline scripts by their hashes
 * (the build writes them; the server adds none), so an injected script never runs, and the hosts of the marketing
 * tags in `tags`. Styles: the app's own and inline (the server's first paint and Mantine set style attributes
 * and `<style>` elements), and Google Fonts for a theme font. Pictures from anywhere over HTTPS (descriptions may
 * show pictures of other sites). No plug-ins, no `<base>` elsewhere, never in a frame.
 */
export function pagePolicy(scriptHashes: string[], tags: TagHosts[] = []): string {
  const hosts = (kind: keyof TagHosts) => tags.flatMap((tag) => tag[kind]);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes, ...hosts('script')]],
    ['style-src', ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com']],
    ['font-src', ["'self'", 'data:', 'https://fonts.gstatic.com']],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['connect-src', ["'self'", ...hosts('connect')]],
    ['frame-src', ["'self'", ...hosts('frame')]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** Which marketing tags a storefront page loads (the shop's settings), for its policy. */
export type PageTags = (request: FastifyRequest) => Promise<TagHosts[]>;
