import { useQuery } from '@tanstack/react-query';
import { storeQueries } from './api';

/**
 * A category's page is `/category/top/sub/subsub` (its canonical address, which the server describes
 * to search engines). Suggestions and offers name a category by its slug alone: this finds its place
 * in the catalogue tree, or falls back to `/category/slug` (the listing then moves to the full path).
 */
export function useCategoryUrl(): (slug: string) => string {
  const catalogue = useQuery(storeQueries.catalogue).data;
  return (slug) => {
    for (const top of catalogue?.categories ?? []) {
      if (top.slug === slug) return `/category/${top.slug}`;
      for (const sub of top.sub_categories) {
        if (sub.slug === slug) return `/category/${top.slug}/${sub.slug}`;
        for (const leaf of sub.sub_sub_categories) if (leaf.slug === slug) return `/category/${top.slug}/${sub.slug}/${leaf.slug}`;
      }
    }
    return `/category/${slug}`;
  };
}
