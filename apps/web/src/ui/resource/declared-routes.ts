import type { RouteObject } from 'react-router';
import { z } from 'zod';
import { lazyRoute, loadChunk } from '../../lib/lazy';
import type { RouteHandle } from '../Title';
import type { ResourceDefinition, ResourceEntry } from './types';

/** A portal's resource, declared in the reader's words: a hook, so its labels follow the language. */
export interface DeclaredResource {
  /** Plural, the list's heading. */
  title: string;
  /** Singular, for "Add coupon" and "Edit coupon". */
  singular: string;
  /** A list with no add or edit (rows made elsewhere). */
  readOnly?: boolean;
  resource: ResourceDefinition;
}

/** The form half of a list-only resource (rows made elsewhere: a cashbook, a history). */
export const LIST_ONLY: Pick<ResourceDefinition, 'contract' | 'form'> = { contract: z.object({}), form: { fields: [] } };

type Paths = { list: string; add?: string; edit?: string };

/**
 * The list, add and edit routes of a portal's declared resource under its shell at `base`
 * (`/dropshipper`), rendered by the same list and form as the back office's.
 */
export function declaredRoutes(
  name: string,
  base: string,
  paths: Paths,
  titles: Partial<Record<keyof Paths, string>>,
  load: () => Promise<{ default: () => DeclaredResource }>,
): RouteObject[] {
  const routes = Object.fromEntries(Object.entries(paths).map(([mode, path]) => [mode, `${base}/${path}`])) as Paths;
  return (['list', 'add', 'edit'] as const).flatMap((mode) => {
    const path = paths[mode];
    if (!path) return [];
    const screen = async () => {
      const [{ resourceScreen }, { default: useDeclared }] = await Promise.all([
        loadChunk('resource-screens', () => import('./screens')),
        load(),
      ]);
      return {
        default: function DeclaredScreen() {
          const { title, singular, readOnly, resource } = useDeclared();
          const entry: ResourceEntry = {
            name,
            title,
            singular,
            readOnly,
            permission: name,
            menuGroup: base,
            routes,
            load: async () => ({ default: resource }),
          };
          return resourceScreen(entry, resource, mode);
        },
      };
    };
    const handle: RouteHandle = { title: titles[mode] };
    return [{ path, lazy: lazyRoute(`${name}-${mode}`, screen), handle }];
  });
}
