import type { PublicSiteInfo, SiteConfiguration } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from './api';
import { takeEarlyAnswer } from './early';
import { applyShopLanguage } from './i18n';
import { queryClient } from './query';
import { setShopTimeZone } from './shop-time-zone';

/** `/api/get/site/info`: general, header, footer, theme and marketing settings, sign-in and payment options. */
const publicInfo = {
  queryKey: ['site', 'public'] as const,
  queryFn: () => get<PublicSiteInfo>('/api/get/site/info'),
  initialData: () => takeEarlyAnswer<PublicSiteInfo>('/api/get/site/info'),
  staleTime: 5 * 60_000,
};

export const siteQueries = {
  public: publicInfo,
  info: {
    queryKey: ['site', 'info'] as const,
    queryFn: async () => {
      const general = (await queryClient.fetchQuery(publicInfo)).general_setting;
      // Stored times are UTC; they show in the shop's time zone.
      setShopTimeZone(general.time_zone);
      void applyShopLanguage(general.default_language);
      return general;
    },
    staleTime: 5 * 60_000,
  },
  configuration: {
    queryKey: ['site', 'configuration'] as const,
    queryFn: async () =>
      (await get<{ setting: SiteConfiguration & { production_host: string | null } }>('/api/get/configuration/info')).setting,
    initialData: () =>
      takeEarlyAnswer<{ setting: SiteConfiguration & { production_host: string | null } }>('/api/get/configuration/info')?.setting,
    staleTime: 5 * 60_000,
  },
};

/** General settings: site name, logo, currency, contact (every area reads them). */
export function useSiteInfo() {
  return useQuery(siteQueries.info).data;
}

/** Everything the storefront shows from the settings (never a secret). */
export function useStorefrontInfo() {
  return useQuery(siteQueries.public).data;
}

/**
 * The host guard of seed §6: when a production host is configured, these pages only open on it
 * (a `www.` prefix ignored); anywhere else the visitor goes to `/`.
 */
export async function onProductionHost(): Promise<boolean> {
  const configuration = await queryClient.fetchQuery(siteQueries.configuration).catch(() => null);
  const host = configuration?.production_host;
  if (!host) return true;
  return window.location.hostname.toLowerCase().replace(/^www\./, '') === host;
}
