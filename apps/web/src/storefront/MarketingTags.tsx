import { FACEBOOK_PIXEL_ID, GOOGLE_TAG_ID, GTM_CONTAINER_ID, type PublicMarketingSetting } from '@haat/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    fbq?: Queue;
    _fbq?: Queue;
  }
}

/**
 * Runs `work` once the page has loaded and the browser is idle: a tag's script (tens of kilobytes from another
 * host, and its own work) never competes with the page's first seconds on a slow phone.
 */
function whenPageIdle(work: () => void): void {
  const idle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(work, { timeout: 5000 }) : window.setTimeout(work, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', () => idle(), { once: true });
}

/** A tag's script, added once the page is idle; calls made before it arrives wait in the tag's queue. */
function addScript(id: string, src: string) {
  whenPageIdle(() => {
    if (document.getElementById(id)) return;
    const script = document.createElement('script');
    script.id = id;
    script.async = true;
    script.src = src;
    document.head.append(script);
  });
}

/** Google's gtag.js: its queue first, so calls made before the script arrives are kept. */
function installGoogleTag(tagId: string) {
  if (window.gtag) return;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its own snippet pushes it.
    // biome-ignore lint/complexity/noArguments: see above
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', tagId);
  addScript('haat-google-tag', `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(tagId)}`);
}

/** Google Tag Manager: the data layer's start event, then gtm.js (no noscript frame: the storefront needs script anyway). */
function installTagManager(containerId: string) {
  if (document.getElementById('haat-tag-manager')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  addScript('haat-tag-manager', `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`);
}

/** Meta's pixel: the same queue its snippet makes, then fbevents.js. */
function installFacebookPixel(pixelId: string) {
  if (window.fbq) return;
  const fbq: Queue = Object.assign(
    (...args: unknown[]) => {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue?.push(args);
    },
    { loaded: true, version: '2.0', queue: [] as unknown[][] },
  );
  Object.assign(fbq, { push: fbq });
  window.fbq = fbq;
  window._fbq = window._fbq ?? fbq;
  addScript('haat-facebook-pixel', 'https://connect.facebook.net/en_US/fbevents.js');
  fbq('init', pixelId);
}

/**
 * The storefront's tracking tags (marketing settings: Google tag, Tag Manager, Meta pixel), added only when their id is set; a page
 * view is reported on each move inside the app. Their queues start with the app, their scripts
 * load after the page has (whenPageIdle).
 */
export function MarketingTags({ marketing }: { marketing: PublicMarketingSetting | undefined }) {
  const location = useLocation();
  const pixel = marketing?.facebook_pixel_id && FACEBOOK_PIXEL_ID.test(marketing.facebook_pixel_id) ? marketing.facebook_pixel_id : '';
  const tag = marketing?.google_tag_id && GOOGLE_TAG_ID.test(marketing.google_tag_id) ? marketing.google_tag_id : '';
  const container = marketing?.gtm_container_id && GTM_CONTAINER_ID.test(marketing.gtm_container_id) ? marketing.gtm_container_id : '';
  const first = useRef(true);

  useEffect(() => {
    if (tag) installGoogleTag(tag);
    if (container) installTagManager(container);
    if (pixel) installFacebookPixel(pixel);
  }, [pixel, tag, container]);

  // Runs on every move between pages.
  useEffect(() => {
    if (pixel) window.fbq?.('track', 'PageView');
    if (tag && !first.current) window.gtag?.('event', 'page_view', { page_path: location.pathname });
    first.current = false;
  }, [location.pathname, pixel, tag]);

  return null;
}
