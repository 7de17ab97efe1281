import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ensurePictureWidth } from '../lib/images';
import { csrfToken } from './csrf';
import { FACEBOOK_PIXEL_HOSTS, GOOGLE_TAG_HOSTS, inlineScriptHashes, pagePolicy } from './security-headers';

const API_PREFIXES = ['/api/', '/_public/', '/check/', '/logout/', '/storage/', '/public/storage/'];
/** A missing build file answers 404, not the page: a stale chunk must fail as missing, not as HTML. */
const FILE_PREFIXES = ['/assets/'];

/** Pages that work only on the production host when PRODUCTION_HOST is set (seed §6). */
const HOST_GUARDED = [/^\/admin\/login\/?$/, /^\/admin\/dashboard\/?$/, /^\/admin\/products(\/|$)/, /^\/admin\/order\/process(\/|$)/];

/** Made by the API itself (storefront module), even when the build has a file of that name. */
const GENERATED_FILES = new Set(['robots.txt', 'sitemap.xml']);
/** The pages of the build: the back office and the portals (index.html), and the storefront's own (shop.html). */
const PAGE_FILES = new Set(['index.html', 'shop.html']);

/** Addresses of the back office and the portals; every other page is the storefront's. */
const OTHER_AREAS = /^\/(admin|backend|dropshipper|merchant)(\/|$)/;

/** A page of the back office or the portals (index.html), not of the storefront (shop.html). */
export function isOtherAreaPath(url: string): boolean {
  return OTHER_AREAS.test(url);
}

/** The host name the visitor asked for (behind a proxy, what it forwarded when TRUST_PROXY is set), lower-case, without port. */
export function requestHost(request: FastifyRequest): string {
  return (request.hostname ?? '').toLowerCase().replace(/:\d+$/, '');
}

/** Fills in a page's head (title, description, sharing tags) for its address before it is sent. */
export type PageHtml = (request: FastifyRequest, path: string, html: string) => Promise<string>;

/** The marketing tags the storefront's pages load, whose hosts their policy must allow. */
export interface MarketingTagsInUse {
  google_tag: boolean;
  facebook_pixel: boolean;
}
export type MarketingTags = (request: FastifyRequest) => Promise<MarketingTagsInUse>;

interface PageTemplate {
  html: string;
  /** Its Content-Security-Policy without marketing tags, and with each combination of them. */
  policies: Map<string, string>;
}

function pageTemplate(html: string): PageTemplate {
  const hashes = inlineScriptHashes(html);
  const policies = new Map<string, string>();
  for (const google of [false, true]) {
    for (const facebook of [false, true]) {
      const tags = [...(google ? [GOOGLE_TAG_HOSTS] : []), ...(facebook ? [FACEBOOK_PIXEL_HOSTS] : [])];
      policies.set(`${google}:${facebook}`, pagePolicy(hashes, tags));
    }
  }
  return { html, policies };
}

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Serves the uploaded images and the built web app. The back office's and the portals' pages answer with
 * index.html, the storefront's with shop.html (its own build, apps/web/vite.shop.config.ts), each with its
 * `csrf-token` meta tag filled in for this browser.
 */
export async function registerWeb(
  app: FastifyInstance,
  { pageHtml, marketingTags }: { pageHtml?: PageHtml; marketingTags?: MarketingTags } = {},
) {
  const { config } = app;
  fs.mkdirSync(config.storageDir, { recursive: true });
  // A stored picture's copy in one of its folder's widths that is not there yet (a picture stored before the copies
  // existed) is made from its large copy on its first request, then served and kept like any file (decision 024).
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = /^\/(?:public\/)?storage\/([a-z]+\/[A-Za-z0-9_-]+-\d{3,4}\.webp)$/.exec(request.url);
    if (match) await ensurePictureWidth(config.storageDir, match[1] as string);
  });
  // The image base link is /storage/ on a real host and /../public/storage/ on localhost (seed §3),
  // which a browser resolves to /public/storage/.
  await app.register(fastifyStatic, { root: config.storageDir, prefix: '/storage/', decorateReply: false, maxAge: '30d', immutable: true });
  await app.register(fastifyStatic, {
    root: config.storageDir,
    prefix: '/public/storage/',
    decorateReply: false,
    maxAge: '30d',
    immutable: true,
  });

  const indexFile = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: path.join(config.webDist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
    });
    for (const file of fs.readdirSync(config.webDist)) {
      const full = path.join(config.webDist, file);
      if (PAGE_FILES.has(file) || GENERATED_FILES.has(file) || !fs.statSync(full).isFile()) continue;
      const body = fs.readFileSync(full);
      app.get(`/${file}`, (_request, reply) => reply.type(contentType(file)).header('cache-control', 'public, max-age=3600').send(body));
    }
  }
  const template = hasWeb ? pageTemplate(fs.readFileSync(indexFile, 'utf8')) : null;
  const shopFile = path.join(config.webDist, 'shop.html');
  // A build from before the storefront had its own serves every page from index.html.
  const shopTemplate = hasWeb && fs.existsSync(shopFile) ? pageTemplate(fs.readFileSync(shopFile, 'utf8')) : template;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // HEAD too: uptime monitors ask for the home page that way.
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (!page || isApiPath(url) || FILE_PREFIXES.some((prefix) => url.startsWith(prefix)) || !template) {
      return reply.status(404).send({ message: `No such endpoint: ${request.method} ${url}` });
    }
    const otherArea = isOtherAreaPath(url);
    // The back office and the portals load no marketing tags.
    const none = { google_tag: false, facebook_pixel: false };
    // Without the settings the page still works; only its tags are refused.
    const tags = !otherArea && marketingTags ? await marketingTags(request).catch(() => none) : none;
    return sendPage(request, reply, otherArea ? template : (shopTemplate ?? template), url, tags, pageHtml);
  });
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  template: PageTemplate,
  url: string,
  tags: MarketingTagsInUse,
  pageHtml?: PageHtml,
) {
  const { productionHost } = request.server.config;
  if (productionHost && HOST_GUARDED.some((pattern) => pattern.test(url))) {
    if (requestHost(request).replace(/^www\./, '') !== productionHost) return reply.redirect('/', 302);
  }
  const token = csrfToken(request, reply);
  const page = pageHtml ? await pageHtml(request, url, template.html) : template.html;
  const html = page.replace('__CSRF_TOKEN__', token);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'Accept-Encoding');
  // The inline scripts are the build's own (the server adds none), so their hashes are known at start.
  reply.header('content-security-policy', template.policies.get(`${tags.google_tag}:${tags.facebook_pixel}`));
  // Pages are a few kilobytes made per request (the CSRF token differs): gzip them when the browser can take it.
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

function contentType(file: string): string {
  const extension = path.extname(file).toLowerCase();
  const types: Record<string, string> = {
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
    '.webp': 'image/webp',
    '.txt': 'text/plain; charset=utf-8',
    '.json': 'application/json',
    '.webmanifest': 'application/manifest+json',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  return types[extension] ?? 'application/octet-stream';
}
