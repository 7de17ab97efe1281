import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { useSiteInfo } from '../lib/site';

export interface RouteHandle {
  /** An i18n key or plain text; the site name is the fallback for storefront pages. */
  title?: string | ((siteName: string) => string);
}

/** Sets the document title from the deepest route's handle on every route change; default "Admin Panel". */
export function TitleSync() {
  const matches = useMatches();
  const site = useSiteInfo();
  const { t, i18n } = useTranslation();
  // The language is watched so a title in another language follows a switch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
      | RouteHandle
      | undefined;
    const title = handle?.title;
    const siteName = site?.site_name ?? '';
    document.title = typeof title === 'function' ? title(siteName) : title ? t(title) : 'Admin Panel';
  }, [matches, site?.site_name, t, i18n.language]);
  return null;
}
