import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { phrase } from '../lib/phrases';
import { useSiteInfo } from '../lib/site';

export interface RouteHandle {
  /** An i18n key or plain text; the site name is the fallback for storefront pages. */
  title?: string | ((siteName: string) => string);
}

// A title a page knows only once its data is in (a product's name), above its route's.
let pageTitle: string | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentPageTitle = () => pageTitle;

/** Sets the document title from the page itself while it is shown (null: the route's title). */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    pageTitle = title;
    for (const listener of listeners) listener();
    return () => {
      pageTitle = null;
      for (const listener of listeners) listener();
    };
  }, [title]);
}

/** Sets the document title from the deepest route's handle on every route change; default "Admin Panel". */
export function TitleSync() {
  const matches = useMatches();
  const site = useSiteInfo();
  const fromPage = useSyncExternalStore(subscribe, currentPageTitle, currentPageTitle);
  const { t, i18n } = useTranslation();
  // The language is watched so a title in another language follows a switch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (fromPage) {
      document.title = fromPage;
      return;
    }
    const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
      | RouteHandle
      | undefined;
    const title = handle?.title;
    const siteName = site?.site_name ?? '';
    // A key of the messages (`store.cart`), else English shown through `phrase` (the portals' titles).
    document.title = typeof title === 'function' ? title(siteName) : title ? t(title, { defaultValue: phrase(title) }) : 'Admin Panel';
  }, [matches, site?.site_name, t, i18n.language, fromPage]);
  return null;
}
